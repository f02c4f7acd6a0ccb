import type { DatabaseSync } from 'node:sqlite';
import { byLastSeen } from '../device-order';
import type { DeviceRecord, DeviceStore } from '../types';
import { Collection } from './collection';
import { transaction } from './database';

type StoredDevice = Omit<DeviceRecord, 'createdAt' | 'lastSeenAt' | 'expiresAt'> & {
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
};

const toStored = (record: DeviceRecord): StoredDevice => ({
  ...record,
  createdAt: record.createdAt.toISOString(),
  lastSeenAt: record.lastSeenAt.toISOString(),
  expiresAt: record.expiresAt.toISOString(),
});

const toRecord = (stored: StoredDevice): DeviceRecord => ({
  ...stored,
  createdAt: new Date(stored.createdAt),
  lastSeenAt: new Date(stored.lastSeenAt),
  expiresAt: new Date(stored.expiresAt),
});

export function embeddedDeviceStore(db: DatabaseSync): DeviceStore {
  const devices = new Collection<StoredDevice>(db, 'devices');
  const live = (stored: StoredDevice | null, now = Date.now()) =>
    stored && Date.parse(stored.expiresAt) > now ? toRecord(stored) : null;
  return {
    async put(record) {
      devices.purgeExpired();
      devices.upsert(toStored(record), record.expiresAt.getTime());
    },
    async get(id) {
      return live(devices.get(id));
    },
    async touch(id, lastSeenAt, expiresAt) {
      return transaction(db, () => {
        const current = live(devices.get(id));
        if (!current) return false;
        return devices.replace(toStored({ ...current, lastSeenAt, expiresAt }), expiresAt.getTime());
      });
    },
    async listByAdmin(adminId) {
      const now = Date.now();
      return devices
        .all()
        .filter((d) => d.adminId === adminId)
        .map((d) => live(d, now))
        .filter((d): d is DeviceRecord => d !== null)
        .sort(byLastSeen);
    },
    async delete(id) {
      devices.delete(id);
    },
    async deleteByAdmin(adminId) {
      return transaction(db, () => {
        const mine = devices.all().filter((d) => d.adminId === adminId);
        for (const device of mine) devices.delete(device._id);
        return mine.length;
      });
    },
  };
}
