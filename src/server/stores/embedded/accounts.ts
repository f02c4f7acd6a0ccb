import type { DatabaseSync } from 'node:sqlite';
import { nowIso, stripUndefined } from '../record-rules';
import { newId } from '../ids';
import { DuplicateKeyError } from '../types';
import type { AdminRecord, AdminStore, OtpRecord, OtpStore, RateLimitStore, TokenStore } from '../types';
import { Collection } from './collection';
import { transaction } from './database';
import { kv, withDates } from './kv';

// The admin account and what guards it: one-time codes, revoked and claimed tokens, rate-limit windows
// (contract: accounts.test.ts).

function isUniqueViolation(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  if (!/UNIQUE constraint failed|constraint failed/i.test(message)) return null;
  return message.includes('email') ? 'email' : message.includes('username') ? 'username' : 'unknown';
}

export function adminStore(db: DatabaseSync): AdminStore {
  const admins = new Collection<AdminRecord>(db, 'admins');
  const findByField = (field: 'username' | 'email', value: string): AdminRecord | null => {
    const row = db
      .prepare(`SELECT doc FROM docs WHERE coll = 'admins' AND lower(json_extract(doc, '$.${field}')) = lower(?)`)
      .get(value) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as AdminRecord) : null;
  };
  return {
    async count() {
      return admins.count();
    },
    async createFirst(data) {
      return transaction(db, () => {
        if (admins.count() > 0) return null;
        const now = nowIso();
        return admins.insert({
          ...data,
          _id: newId(),
          tokenVersion: 0,
          lastLogin: null,
          createdAt: now,
          updatedAt: now,
        });
      });
    },
    async get(id) {
      return admins.get(id);
    },
    async findByLogin(value) {
      return findByField('username', value) ?? findByField('email', value);
    },
    async findByEmail(email) {
      return findByField('email', email);
    },
    async update(id, patch) {
      try {
        return admins.modify(id, (current) => ({ ...current, ...stripUndefined(patch), _id: id, updatedAt: nowIso() }));
      } catch (error) {
        const field = isUniqueViolation(error);
        if (field) throw new DuplicateKeyError(field === 'unknown' ? 'email' : field);
        throw error;
      }
    },
  };
}

export function tokenStore(db: DatabaseSync): TokenStore {
  const store = kv(db);
  return {
    async revoke(jti, expiresAt) {
      store.purgeExpired('revoked:');
      store.set(`revoked:${jti}`, true, expiresAt.getTime());
    },
    async isRevoked(jti) {
      return store.get<boolean>(`revoked:${jti}`) === true;
    },
    async claimOnce(jti, expiresAt) {
      return transaction(db, () => store.setIfAbsent(`claimed:${jti}`, true, expiresAt.getTime()));
    },
    async revokeOnce(jti, expiresAt) {
      return transaction(db, () => store.setIfAbsent(`revoked:${jti}`, true, expiresAt.getTime()));
    },
  };
}

export function rateLimitStore(db: DatabaseSync): RateLimitStore {
  const store = kv(db);
  type Window = { count: number; resetAt: number };
  return {
    async hit(key, windowMs) {
      return transaction(db, () => {
        const now = Date.now();
        const current = store.get<Window>(`rate:${key}`, now);
        const next: Window =
          current && current.resetAt > now
            ? { count: current.count + 1, resetAt: current.resetAt }
            : { count: 1, resetAt: now + windowMs };
        store.set(`rate:${key}`, next, next.resetAt);
        return { count: next.count, resetAt: new Date(next.resetAt) };
      });
    },
    async peek(key) {
      const current = store.get<Window>(`rate:${key}`);
      return current ? { count: current.count, resetAt: new Date(current.resetAt) } : null;
    },
    async reset(key) {
      store.delete(`rate:${key}`);
    },
  };
}

export function otpStore(db: DatabaseSync): OtpStore {
  const store = kv(db);
  type Stored = { email: string; codeHash: string; attempts: number; expiresAt: number; createdAt: number };
  const key = (email: string) => `otp:${email.toLowerCase()}`;
  const revive = (s: Stored): OtpRecord => withDates(s);
  return {
    async put(record) {
      const stored: Stored = {
        ...record,
        email: record.email.toLowerCase(),
        expiresAt: record.expiresAt.getTime(),
        createdAt: record.createdAt.getTime(),
      };
      store.set(key(record.email), stored, stored.expiresAt);
    },
    async get(email) {
      const stored = store.get<Stored>(key(email));
      return stored ? revive(stored) : null;
    },
    async incrementAttempts(email) {
      return transaction(db, () => {
        const stored = store.get<Stored>(key(email));
        if (!stored) return 0;
        stored.attempts += 1;
        store.set(key(email), stored, stored.expiresAt);
        return stored.attempts;
      });
    },
    async delete(email) {
      store.delete(key(email));
    },
  };
}
