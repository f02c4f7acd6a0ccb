// The two optional bounds of a schedule window (an offer's, a banner's: docs/schedules.md), typed in the
// practitioner's zone. Each screen names its fields; the hints share one wording, so an empty bound reads the same
// everywhere: open from now, or until the practitioner removes it.
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { usePractitionerZone } from './use-practitioner-zone';
import { ZonedDateTimeField } from './ZonedDateTimeField';

/** One bound's field: its element id, its path in the form, its label. */
type WindowBound<T extends FieldValues> = readonly [id: string, name: FieldPath<T>, label: string];

export interface ScheduleWindow<T extends FieldValues> {
  start: WindowBound<T>;
  end: WindowBound<T>;
  /** What an empty bound leaves open, as the hints begin it (e.g. "the offer shows "); empty for no subject. */
  subject: string;
}

/** What an empty bound means, per side. */
const OPEN_SIDE = { start: 'from now.', end: 'until you remove it.' } as const;

export function ZonedWindowFields<T extends FieldValues, O>({
  control,
  schedule,
}: {
  control: Control<T, unknown, O>;
  schedule: ScheduleWindow<T>;
}) {
  const zone = usePractitionerZone();
  return (['start', 'end'] as const).map((side) => {
    const [id, name, label] = schedule[side];
    const hint = `Optional. Empty: ${schedule.subject}${OPEN_SIDE[side]}`;
    return (
      <ZonedDateTimeField key={side} id={id} label={label} name={name} control={control} zone={zone} hint={hint} />
    );
  });
}
