// Wall-clock times in a named time zone, with nothing but Intl (docs/bookings.md, "Time zones"). The practitioner's
// hours are kept as "10:00 on Mondays in Asia/Kolkata"; bookings are instants in UTC. These turn one into the other,
// including the days a zone moves its clocks.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

export interface WallTime {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** Minutes after the zone's midnight. */
  minutes: number;
  /** mon … sun */
  weekday: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
}

/** What a clock on the wall in `timeZone` shows at `instant`. */
export function wallTime(instant: Date, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts['year']}-${parts['month']}-${parts['day']}`,
    minutes: Number(parts['hour']) * 60 + Number(parts['minute']),
    weekday: (parts['weekday'] ?? '').toLowerCase().slice(0, 3) as WallTime['weekday'],
  };
}

/** How far the zone's clocks are ahead of UTC at `instant`, in minutes (IST: 330). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const wall = wallTime(instant, timeZone);
  const [year, month, day] = wall.date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, 0, wall.minutes);
  const whole = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - whole) / 60_000);
}

/**
 * The instant a wall clock in `timeZone` shows `minutes` after midnight on `date`, or null when that time does not
 * exist there (skipped as the clocks went forward). When it exists twice (clocks went back), the first one.
 */
export function zonedToUtc(date: string, minutes: number, timeZone: string): Date | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(year, month - 1, day, 0, minutes);
  // Two rounds settle any offset change; the earlier candidate wins an ambiguous hour.
  const candidates = new Set<number>();
  for (const probe of [naive - 36 * 3_600_000, naive, naive + 36 * 3_600_000]) {
    candidates.add(naive - offsetMinutes(new Date(probe), timeZone) * 60_000);
  }
  const target = { date, minutes: ((minutes % 1440) + 1440) % 1440 };
  const expectedDate = minutes >= 1440 || minutes < 0 ? null : date;
  const matches = [...candidates]
    .sort((a, b) => a - b)
    .filter((candidate) => {
      const wall = wallTime(new Date(candidate), timeZone);
      return wall.minutes === target.minutes && (expectedDate === null || wall.date === expectedDate);
    });
  return matches.length > 0 ? new Date(matches[0] as number) : null;
}

/** The calendar day after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}
