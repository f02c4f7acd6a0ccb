// The order both device stores list an admin's trusted browsers in (DeviceStore in ./types.ts).
import type { DeviceRecord } from './types';

/** Most recently seen first; ties by id, so the order is stable. */

export const byLastSeen = (a: DeviceRecord, b: DeviceRecord) =>
  b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || a._id.localeCompare(b._id);
