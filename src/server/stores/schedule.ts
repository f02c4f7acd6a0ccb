// When the public site next changes by itself (docs/schedules.md): the first start or end of an active service's
// offer window or an active banner's window after a given moment. The scheduled publisher compares it with the last
// build, so a window that opened or closed since then gets its build without anyone pressing anything.

export interface ScheduleStore {
  /**
   * The earliest `offerStart`/`offerEnd` of an active service with an offer price, or `startsAt`/`endsAt` of an
   * active banner, strictly after `after`; null when none is ahead. Documents without these fields have none.
   */
  nextBoundary(after: Date): Promise<Date | null>;
}

/** The fields that hold window bounds, by collection (services' only count with an offer price). */
export const SCHEDULE_FIELDS = {
  services: ['offerStart', 'offerEnd'],
  banners: ['startsAt', 'endsAt'],
} as const;
