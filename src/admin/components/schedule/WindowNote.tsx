// Where an offer's or a banner's window stands, for the portal's lists (docs/schedules.md): "Scheduled" before it
// opens, "Ended" after it closes, each with the date in the practitioner's zone; while it runs, when it ends.
import { formatInZone, windowState, type TimeWindow } from '../../../shared/schedule';
import './schedule.css';

export function WindowNote({ window, zone, what }: { window: TimeWindow; zone: string; what: 'Offer' | 'Banner' }) {
  const state = windowState(window, new Date());
  if (state === 'always') return null;
  if (state === 'live') {
    return window.end ? (
      <span className="window-note">
        {what} until {formatInZone(window.end, zone)}
      </span>
    ) : null;
  }
  const scheduled = state === 'scheduled';
  return (
    <span className="window-note">
      <span className={scheduled ? 'badge badge-gold' : 'badge badge-grey'}>{scheduled ? 'Scheduled' : 'Ended'}</span>{' '}
      {scheduled
        ? `${what} from ${formatInZone(window.start, zone)}`
        : `${what} ended ${formatInZone(window.end, zone)}`}
    </span>
  );
}
