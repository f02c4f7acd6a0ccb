// The store contract for accounts and sign-in: admins, revoked tokens, rate limits, one-time codes (harness: ./harness.ts).
import { describe, expect, it } from 'vitest';
import { isId } from '../ids';
import { describeEachStoreFresh, MISSING_ID, sleep } from './harness';

describeEachStoreFresh((stores) => {
  describe('admins', () => {
    const first = { username: 'Guide', email: 'guide@example.org', role: 'admin', passwordHash: 'hash' };

    it('creates the first admin once', async () => {
      expect(await stores.admins.count()).toBe(0);
      const admin = await stores.admins.createFirst(first);
      expect(admin).toMatchObject({ ...first, tokenVersion: 0, lastLogin: null });
      expect(isId(admin?._id ?? '')).toBe(true);
      expect(await stores.admins.createFirst({ ...first, username: 'other', email: 'o@example.org' })).toBeNull();
      expect(await stores.admins.count()).toBe(1);
      expect(await stores.admins.get(admin?._id ?? '')).toEqual(admin);
    });

    it('lets exactly one of 20 concurrent first-admin creations succeed', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          stores.admins.createFirst({ ...first, username: `admin${i}`, email: `admin${i}@example.org` }),
        ),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect(await stores.admins.count()).toBe(1);
    });

    it.each([
      ['username', 'Guide'],
      ['username in another case', 'gUIDE'],
      ['email', 'guide@example.org'],
      ['email in another case', 'GUIDE@Example.org'],
    ])('finds the admin by %s', async (_label, login) => {
      const admin = await stores.admins.createFirst(first);
      expect(await stores.admins.findByLogin(login)).toEqual(admin);
    });

    it('finds by email case-insensitively and answers null for strangers', async () => {
      const admin = await stores.admins.createFirst(first);
      expect(await stores.admins.findByEmail('Guide@Example.org')).toEqual(admin);
      expect(await stores.admins.findByEmail('nobody@example.org')).toBeNull();
      expect(await stores.admins.findByLogin('nobody')).toBeNull();
      expect(await stores.admins.get(MISSING_ID)).toBeNull();
    });

    it('updates email, password hash, token version and last login', async () => {
      const admin = await stores.admins.createFirst(first);
      const id = admin?._id ?? '';
      const lastLogin = new Date().toISOString();
      const updated = await stores.admins.update(id, {
        email: 'new@example.org',
        passwordHash: 'hash2',
        tokenVersion: 1,
        lastLogin,
      });
      expect(updated).toMatchObject({ username: 'Guide', email: 'new@example.org', tokenVersion: 1, lastLogin });
      expect(await stores.admins.findByLogin('NEW@example.org')).toEqual(updated);
      expect(await stores.admins.findByEmail('guide@example.org')).toBeNull();
      expect(await stores.admins.update(MISSING_ID, { tokenVersion: 2 })).toBeNull();
    });
  });

  describe('tokens', () => {
    const inAnHour = () => new Date(Date.now() + 3_600_000);

    it('remembers revoked token ids until they expire', async () => {
      expect(await stores.tokens.isRevoked('jti-1')).toBe(false);
      await stores.tokens.revoke('jti-1', inAnHour());
      expect(await stores.tokens.isRevoked('jti-1')).toBe(true);
      expect(await stores.tokens.isRevoked('jti-2')).toBe(false);
      await stores.tokens.revoke('jti-old', new Date(Date.now() - 1_000));
      expect(await stores.tokens.isRevoked('jti-old')).toBe(false);
    });

    it('lets only the first claim of a single-use token succeed, also under concurrency', async () => {
      expect(await stores.tokens.claimOnce('reset-1', inAnHour())).toBe(true);
      expect(await stores.tokens.claimOnce('reset-1', inAnHour())).toBe(false);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => stores.tokens.claimOnce('reset-2', inAnHour())),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('lets exactly one of parallel revocations of one token id claim it (the session renewal race)', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => stores.tokens.revokeOnce('session-1', inAnHour())),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await stores.tokens.isRevoked('session-1')).toBe(true);
      await stores.tokens.revoke('session-2', inAnHour());
      expect(await stores.tokens.revokeOnce('session-2', inAnHour())).toBe(false);
      expect(await stores.tokens.revokeOnce('session-3', inAnHour())).toBe(true);
      expect(await stores.tokens.revokeOnce('session-3', inAnHour())).toBe(false);
    });

    it('treats an expired claim as gone', async () => {
      expect(await stores.tokens.claimOnce('reset-3', new Date(Date.now() + 30))).toBe(true);
      await sleep(60);
      expect(await stores.tokens.claimOnce('reset-3', inAnHour())).toBe(true);
    });
  });

  describe('rate limits', () => {
    it('counts hits in a fixed window and starts a new one when it ends', async () => {
      const a = await stores.rateLimits.hit('login:1.2.3.4', 150);
      const b = await stores.rateLimits.hit('login:1.2.3.4', 150);
      expect(a.count).toBe(1);
      expect(b.count).toBe(2);
      expect(b.resetAt.getTime()).toBe(a.resetAt.getTime());
      expect(await stores.rateLimits.peek('login:1.2.3.4')).toEqual(b);
      await sleep(200);
      expect(await stores.rateLimits.peek('login:1.2.3.4')).toBeNull();
      const c = await stores.rateLimits.hit('login:1.2.3.4', 150);
      expect(c.count).toBe(1);
      expect(c.resetAt.getTime()).toBeGreaterThan(b.resetAt.getTime());
    });

    it('keeps keys apart, resets, and counts concurrent hits exactly', async () => {
      await stores.rateLimits.hit('a', 60_000);
      expect(await stores.rateLimits.peek('b')).toBeNull();
      await stores.rateLimits.reset('a');
      expect(await stores.rateLimits.peek('a')).toBeNull();
      const counts = await Promise.all(Array.from({ length: 20 }, () => stores.rateLimits.hit('c', 60_000)));
      expect(counts.map((s) => s.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await stores.rateLimits.peek('c'))?.count).toBe(20);
    });
  });

  describe('one-time codes', () => {
    const record = (email: string, minutes = 10) => ({
      email,
      codeHash: 'h1',
      attempts: 0,
      expiresAt: new Date(Date.now() + minutes * 60_000),
      createdAt: new Date(),
    });

    it('stores one code per email (case-insensitive) and counts attempts', async () => {
      const first = record('Guide@Example.org');
      await stores.otps.put(first);
      expect(await stores.otps.get('guide@example.org')).toEqual({ ...first, email: 'guide@example.org' });
      expect(await stores.otps.incrementAttempts('GUIDE@example.org')).toBe(1);
      expect(await stores.otps.incrementAttempts('guide@example.org')).toBe(2);
      await stores.otps.put({ ...record('guide@example.org'), codeHash: 'h2' });
      expect(await stores.otps.get('guide@example.org')).toMatchObject({ codeHash: 'h2', attempts: 0 });
      await stores.otps.delete('GUIDE@example.org');
      expect(await stores.otps.get('guide@example.org')).toBeNull();
      expect(await stores.otps.incrementAttempts('guide@example.org')).toBe(0);
    });

    it('forgets expired codes', async () => {
      await stores.otps.put(record('late@example.org', -1));
      expect(await stores.otps.get('late@example.org')).toBeNull();
      expect(await stores.otps.incrementAttempts('late@example.org')).toBe(0);
    });
  });
});
