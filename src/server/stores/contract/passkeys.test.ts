// The store contract for passkeys (harness: ./harness.ts): both stores keep the same records, refuse the same
// credential twice, and only let an admin rename or remove their own.
import { describe, expect, it } from 'vitest';
import { isId } from '../ids';
import { DuplicateKeyError, type NewPasskey } from '../types';
import { describeEachStoreFresh, MISSING_ID, sleep } from './harness';

const OWNER = '0123456789abcdef01234567';
const OTHER = 'fedcba9876543210fedcba98';

const sample = (overrides: Partial<NewPasskey> = {}): NewPasskey => ({
  adminId: OWNER,
  credentialId: 'cred-AAAA_bbbb-1',
  publicKey: 'pQECAyYgASFYIB',
  counter: 0,
  transports: ['internal', 'hybrid'],
  name: 'My phone',
  ...overrides,
});

describeEachStoreFresh((stores) => {
  describe('passkeys', () => {
    it('stores a passkey with its id, creation time and no last use, and finds it by credential id', async () => {
      const created = await stores.passkeys.create(sample());
      expect(isId(created._id)).toBe(true);
      expect(created).toMatchObject({ ...sample(), lastUsedAt: null });
      expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
      expect(await stores.passkeys.findByCredentialId('cred-AAAA_bbbb-1')).toEqual(created);
      expect(await stores.passkeys.findByCredentialId('cred-aaaa_bbbb-1')).toBeNull();
      expect(await stores.passkeys.findByCredentialId('missing')).toBeNull();
    });

    it('refuses the same credential twice, whoever registers it', async () => {
      await stores.passkeys.create(sample());
      await expect(stores.passkeys.create(sample({ name: 'again' }))).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(stores.passkeys.create(sample({ adminId: OTHER }))).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await stores.passkeys.listByAdmin(OWNER)).toHaveLength(1);
      expect(await stores.passkeys.listByAdmin(OTHER)).toEqual([]);
    });

    it('lists an admin’s passkeys oldest first, and only theirs', async () => {
      const first = await stores.passkeys.create(sample({ credentialId: 'one', name: 'Laptop' }));
      await sleep(5);
      const second = await stores.passkeys.create(sample({ credentialId: 'two', name: 'Phone' }));
      await stores.passkeys.create(sample({ credentialId: 'three', adminId: OTHER }));
      expect((await stores.passkeys.listByAdmin(OWNER)).map((p) => p._id)).toEqual([first._id, second._id]);
    });

    it('renames and removes only the owner’s passkey', async () => {
      const created = await stores.passkeys.create(sample());
      expect(await stores.passkeys.rename(OTHER, created._id, 'Stolen')).toBeNull();
      expect(await stores.passkeys.rename(OWNER, MISSING_ID, 'Nothing')).toBeNull();
      expect(await stores.passkeys.rename(OWNER, 'not-an-id', 'Nothing')).toBeNull();
      const renamed = await stores.passkeys.rename(OWNER, created._id, 'Work laptop');
      expect(renamed).toEqual({ ...created, name: 'Work laptop' });
      expect(await stores.passkeys.delete(OTHER, created._id)).toBe(false);
      expect(await stores.passkeys.delete(OWNER, 'not-an-id')).toBe(false);
      expect(await stores.passkeys.delete(OWNER, created._id)).toBe(true);
      expect(await stores.passkeys.delete(OWNER, created._id)).toBe(false);
      expect(await stores.passkeys.findByCredentialId(created.credentialId)).toBeNull();
    });

    it('records a sign-in: the new counter and the time', async () => {
      const created = await stores.passkeys.create(sample());
      const at = '2026-11-26T21:00:00.000Z';
      expect(await stores.passkeys.markUsed(created._id, 7, at)).toEqual({ ...created, counter: 7, lastUsedAt: at });
      expect(await stores.passkeys.findByCredentialId(created.credentialId)).toMatchObject({
        counter: 7,
        lastUsedAt: at,
      });
      expect(await stores.passkeys.markUsed(MISSING_ID, 1, at)).toBeNull();
    });
  });
});
