// What both schedule stores read to find the next window bound (ScheduleStore in ./types.ts, docs/schedules.md).

/** The fields that hold window bounds, by collection (services' only count with an offer price). */
export const SCHEDULE_FIELDS = {
  services: ['offerStart', 'offerEnd'],
  banners: ['startsAt', 'endsAt'],
} as const;
