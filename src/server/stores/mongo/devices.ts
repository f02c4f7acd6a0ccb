import type { Db } from 'mongodb';
import { byLastSeen } from '../device-order';
import type { DeviceRecord, DeviceStore } from '../types';
import { COLLECTIONS } from './client';
import type { Run } from './documents';

// Browser ids are random strings, not ObjectIds, so they are the _id as they are.
export function mongoDeviceStore(run: Run): DeviceStore {
  const devices = (db: Db) => db.collection<DeviceRecord>(COLLECTIONS.devices);
  // The TTL monitor runs about once a minute: expiry is checked on every read as well.
  const liveFilter = () => ({ expiresAt: { $gt: new Date() } });
  return {
    put: (record) =>
      run(async (db) => {
        await devices(db).replaceOne({ _id: record._id }, record, { upsert: true });
      }),
    get: (id) =>
      run(async (db) => {
        const doc = await devices(db).findOne({ _id: id, ...liveFilter() });
        return doc ? { ...doc } : null;
      }),
    touch: (id, lastSeenAt, expiresAt) =>
      run(async (db) => {
        const result = await devices(db).updateOne({ _id: id, ...liveFilter() }, { $set: { lastSeenAt, expiresAt } });
        return result.matchedCount > 0;
      }),
    listByAdmin: (adminId) =>
      run(async (db) =>
        (
          await devices(db)
            .find({ adminId, ...liveFilter() })
            .toArray()
        ).sort(byLastSeen),
      ),
    delete: (id) =>
      run(async (db) => {
        await devices(db).deleteOne({ _id: id });
      }),
    deleteByAdmin: (adminId) => run(async (db) => (await devices(db).deleteMany({ adminId })).deletedCount),
  };
}
