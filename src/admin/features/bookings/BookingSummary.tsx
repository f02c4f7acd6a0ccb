import type { PortalBooking } from '../../../shared/schemas/admin-bookings';
import { paymentLabel, sessionTime, STATUS_LABELS, zoneName } from './booking-view';

const STATUS_TONE: Record<PortalBooking['status'], string> = {
  held: 'badge-gold',
  confirmed: 'badge-green',
  cancelled: 'badge-grey',
  expired: 'badge-grey',
  'no-show': 'badge-red',
};

export function StatusBadge({ status }: { status: PortalBooking['status'] }) {
  return <span className={`badge ${STATUS_TONE[status]}`}>{STATUS_LABELS[status]}</span>;
}

/** The session's time in the practitioner's zone, and the client's when it differs and is known. */
export function SessionTimes({ booking, timeZone }: { booking: PortalBooking; timeZone: string }) {
  const clientZone = booking.clientTimeZone;
  return (
    <>
      <span>
        {sessionTime(booking, timeZone)} <span className="muted">{zoneName(timeZone, booking.start)}</span>
      </span>
      {clientZone && zoneName(clientZone, booking.start) !== zoneName(timeZone, booking.start) ? (
        <span className="client-time muted">
          Client: {sessionTime(booking, clientZone)} {zoneName(clientZone, booking.start)}
        </span>
      ) : null}
    </>
  );
}

/** One booking in the list: a button that opens its panel. */
export function BookingSummary({
  booking,
  timeZone,
  onOpen,
}: {
  booking: PortalBooking;
  timeZone: string;
  onOpen: () => void;
}) {
  return (
    <button type="button" className="booking-row" onClick={onOpen} aria-haspopup="dialog">
      <span className="booking-row-main">
        <span className="booking-client">{booking.client.name}</span>
        <span className="booking-service">{booking.serviceName}</span>
      </span>
      <span className="booking-row-time">
        <SessionTimes booking={booking} timeZone={timeZone} />
      </span>
      <span className="booking-row-state">
        <span className="booking-payment">{paymentLabel(booking.payment)}</span>
        <StatusBadge status={booking.status} />
      </span>
    </button>
  );
}
