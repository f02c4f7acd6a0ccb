import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import { AUTH_SETTINGS } from './settings';

describe('password hashing', () => {
  const prefix = 'a'.repeat(72);

  it('plain bcrypt would accept a password sharing the first 72 bytes (why the pre-hash exists)', async () => {
    const raw = await bcrypt.hash(`${prefix}-one`, 4);
    expect(await bcrypt.compare(`${prefix}-two`, raw)).toBe(true);
  });

  it('our hash tells such passwords apart, in ASCII and in 4-byte emoji', async () => {
    for (const head of [prefix, '🔮'.repeat(18)]) {
      const hash = await hashPassword(`${head}-one`, 4);
      expect(await verifyPassword(`${head}-one`, hash)).toBe(true);
      expect(await verifyPassword(`${head}-two`, hash)).toBe(false);
      expect(await verifyPassword(head, hash)).toBe(false);
    }
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const hash = await hashPassword('caf\u00e9-latte', 4);
    expect(await verifyPassword('cafe\u0301-latte', hash)).toBe(true);
  });

  it('uses the configured cost by default and notices an outdated one', async () => {
    expect(AUTH_SETTINGS.bcryptCost).toBe(12);
    const hash = await hashPassword('default-cost');
    expect(bcrypt.getRounds(hash)).toBe(12);
    expect(needsRehash(hash, 12)).toBe(false);
    expect(needsRehash(hash, 11)).toBe(true);
    expect(needsRehash('garbage', 12)).toBe(true);
  });

  it('fails closed on a malformed stored hash', async () => {
    expect(await verifyPassword('anything', 'not-a-bcrypt-hash')).toBe(false);
  });

  it('the dummy check always fails, with a hash of the requested cost (the production one written out)', async () => {
    expect(bcrypt.getRounds(await dummyHash(12))).toBe(12);
    expect(bcrypt.getRounds(await dummyHash(4))).toBe(4);
    expect(await verifyAgainstDummy('anything', 12)).toBe(false);
    expect(await verifyAgainstDummy('', 4)).toBe(false);
  });
});
