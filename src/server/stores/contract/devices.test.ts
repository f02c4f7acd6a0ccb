// The store contract for trusted browsers (device records, docs/auth.md "New devices"; harness: ./harness.ts).
import { describe, expect, it } from 'vitest';
import type { DeviceRecord } from '../types';
import { describeEachStoreFresh } from './harness';

const ADMIN_A = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const ADMIN_B = 'aaaaaaaaaaaaaaaaaaaaaaa2';

function device(id: string, adminId: string, lastSeenMinutesAgo = 0, lifetimeMs = 3_600_000): DeviceRecord {
  const now = Date.now();
  return {
    _id: id,
    adminId,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    createdAt: new Date(now - 86_400_000),
    lastSeenAt: new Date(now - lastSeenMinutesAgo * 60_000),
    expiresAt: new Date(now + lifetimeMs),
  };
}

describeEachStoreFresh((stores) => {
  describe('devices', () => {
    it('keeps a record per browser and lists an admin’s newest-seen first', async () => {
      const one = device('browser-one-aaaaaaaaaaa', ADMIN_A, 30);
      await stores.devices.put(one);
      await stores.devices.put(device('browser-two-aaaaaaaaaaa', ADMIN_A, 5));
      await stores.devices.put(device('browser-3rd-aaaaaaaaaaa', ADMIN_B, 1));
      expect(await stores.devices.get('browser-one-aaaaaaaaaaa')).toEqual(one);
      expect(await stores.devices.get('missing-aaaaaaaaaaaaaaa')).toBeNull();
      const listed = await stores.devices.listByAdmin(ADMIN_A);
      expect(listed.map((d) => d._id)).toEqual(['browser-two-aaaaaaaaaaa', 'browser-one-aaaaaaaaaaa']);
      expect(listed[0]?.createdAt).toBeInstanceOf(Date);
    });

    it('moves last seen and expiry of a live record only', async () => {
      await stores.devices.put(device('browser-one-aaaaaaaaaaa', ADMIN_A, 30));
      const seen = new Date();
      const expires = new Date(Date.now() + 7_200_000);
      expect(await stores.devices.touch('browser-one-aaaaaaaaaaa', seen, expires)).toBe(true);
      expect(await stores.devices.get('browser-one-aaaaaaaaaaa')).toMatchObject({
        lastSeenAt: seen,
        expiresAt: expires,
      });
      expect(await stores.devices.touch('missing-aaaaaaaaaaaaaaa', seen, expires)).toBe(false);
    });

    it('forgets expired records', async () => {
      await stores.devices.put(device('browser-old-aaaaaaaaaaa', ADMIN_A, 0, -1_000));
      expect(await stores.devices.get('browser-old-aaaaaaaaaaa')).toBeNull();
      expect(await stores.devices.listByAdmin(ADMIN_A)).toEqual([]);
      expect(await stores.devices.touch('browser-old-aaaaaaaaaaa', new Date(), new Date(Date.now() + 60_000))).toBe(
        false,
      );
    });

    it('revokes one record, or every record of one admin', async () => {
      await stores.devices.put(device('browser-one-aaaaaaaaaaa', ADMIN_A));
      await stores.devices.put(device('browser-two-aaaaaaaaaaa', ADMIN_A));
      await stores.devices.put(device('browser-3rd-aaaaaaaaaaa', ADMIN_B));
      await stores.devices.delete('browser-one-aaaaaaaaaaa');
      expect(await stores.devices.get('browser-one-aaaaaaaaaaa')).toBeNull();
      await stores.devices.put(device('browser-one-aaaaaaaaaaa', ADMIN_A));
      expect(await stores.devices.deleteByAdmin(ADMIN_A)).toBe(2);
      expect(await stores.devices.listByAdmin(ADMIN_A)).toEqual([]);
      expect(await stores.devices.get('browser-3rd-aaaaaaaaaaa')).not.toBeNull();
    });
  });
});
