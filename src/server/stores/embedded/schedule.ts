import type { DatabaseSync } from 'node:sqlite';
import { SCHEDULE_FIELDS } from '../schedule-fields';
import type { ScheduleStore } from '../types';

/**
 * One SQL query over the stored JSON. Bounds are stored as `toISOString()` text, which sorts as time does, so MIN
 * and `>` on the text are the earliest instant and "later than".
 */
export function embeddedScheduleStore(db: DatabaseSync): ScheduleStore {
  const bound = (coll: string, field: string, extra = '') =>
    `SELECT json_extract(doc, '$.${field}') AS at FROM docs WHERE coll = '${coll}' ` +
    `AND json_extract(doc, '$.isActive') = 1${extra}`;
  const withOffer = ` AND json_type(doc, '$.offerPrice') IN ('integer', 'real')`;
  const parts = [
    ...SCHEDULE_FIELDS.services.map((field) => bound('services', field, withOffer)),
    ...SCHEDULE_FIELDS.banners.map((field) => bound('banners', field)),
  ];
  const next = db.prepare(
    `SELECT MIN(at) AS next FROM (${parts.join(' UNION ALL ')}) WHERE typeof(at) = 'text' AND at > ?`,
  );
  return {
    async nextBoundary(after) {
      const row = next.get(after.toISOString()) as { next: string | null } | undefined;
      return row?.next ? new Date(row.next) : null;
    },
  };
}
