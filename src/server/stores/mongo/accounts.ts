import { ObjectId, type Collection, type Db } from 'mongodb';
import { nowIso, stripUndefined } from '../record-rules';
import { DuplicateKeyError } from '../types';
import type { AdminRecord, AdminStore, OtpRecord, OtpStore, RateLimitStore, TokenStore } from '../types';
import { COLLECTIONS, duplicateField, isDuplicateKey } from './client';
import { byObjectId, retryDuplicate, withHexId, type Run } from './documents';

// The admin account and what guards it: one-time codes, revoked and claimed tokens, rate-limit windows
// (contract: accounts.test.ts).

type AdminDoc = Omit<AdminRecord, '_id'> & {
  _id: ObjectId;
  usernameLower: string;
  emailLower: string;
  firstAdmin?: true;
};
interface ExpiringDoc {
  _id: string;
  expiresAt: Date;
}
interface RateDoc {
  _id: string;
  count: number;
  resetAt: Date;
}
type OtpDoc = OtpRecord & { _id: string };

function toAdmin(doc: AdminDoc): AdminRecord {
  const { usernameLower: _u, emailLower: _e, firstAdmin: _f, ...admin } = doc;
  return withHexId(admin);
}

function toOtp(doc: OtpDoc): OtpRecord {
  const { _id: _key, ...otp } = doc;
  return otp;
}

export function adminStore(run: Run): AdminStore {
  const { collection: admins, ...byId } = byObjectId(run, COLLECTIONS.admins, toAdmin);
  return {
    count: () => run((db) => admins(db).countDocuments()),
    createFirst: (data) =>
      run(async (db) => {
        if ((await admins(db).countDocuments({}, { limit: 1 })) > 0) return null;
        const now = nowIso();
        const doc: AdminDoc = {
          ...data,
          _id: new ObjectId(),
          usernameLower: data.username.toLowerCase(),
          emailLower: data.email.toLowerCase(),
          firstAdmin: true,
          tokenVersion: 0,
          lastLogin: null,
          createdAt: now,
          updatedAt: now,
        };
        try {
          await admins(db).insertOne(doc);
        } catch (error) {
          // Another init won the race (first_admin_unique), or took the name: either way an admin now exists.
          if (isDuplicateKey(error)) return null;
          throw error;
        }
        return toAdmin(doc);
      }),
    get: byId.get,
    findByLogin: (value) =>
      run(async (db) => {
        const key = value.toLowerCase();
        // A username match wins over an email match, as in the embedded store.
        const doc =
          (await admins(db).findOne({ usernameLower: key })) ?? (await admins(db).findOne({ emailLower: key }));
        return doc ? toAdmin(doc) : null;
      }),
    findByEmail: (email) =>
      run(async (db) => {
        const doc = await admins(db).findOne({ emailLower: email.toLowerCase() });
        return doc ? toAdmin(doc) : null;
      }),
    update: async (id, patch) => {
      const set = {
        ...stripUndefined(patch),
        ...(patch.email !== undefined ? { emailLower: patch.email.toLowerCase() } : {}),
        updatedAt: nowIso(),
      };
      try {
        return await byId.update(id, { $set: set });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        const field = duplicateField(error);
        throw new DuplicateKeyError(field === 'unknown' ? 'email' : field);
      }
    },
  };
}

/**
 * Records `jti` unless a live record of it is already there; true when this call recorded it. A record that has
 * expired but not yet been swept by the TTL monitor no longer counts.
 */
async function insertOnce(collection: Collection<ExpiringDoc>, jti: string, expiresAt: Date): Promise<boolean> {
  await collection.deleteOne({ _id: jti, expiresAt: { $lte: new Date() } });
  try {
    await collection.insertOne({ _id: jti, expiresAt });
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

export function tokenStore(run: Run): TokenStore {
  const revoked = (db: Db) => db.collection<ExpiringDoc>(COLLECTIONS.revokedTokens);
  const claimed = (db: Db) => db.collection<ExpiringDoc>(COLLECTIONS.claimedTokens);
  return {
    revoke: (jti, expiresAt) =>
      run(async (db) => {
        await revoked(db).updateOne({ _id: jti }, { $set: { expiresAt } }, { upsert: true });
      }),
    // The TTL monitor runs about once a minute, so expiry is also checked here, as the embedded store does.
    isRevoked: (jti) =>
      run(async (db) => (await revoked(db).countDocuments({ _id: jti, expiresAt: { $gt: new Date() } })) > 0),
    claimOnce: (jti, expiresAt) => run((db) => insertOnce(claimed(db), jti, expiresAt)),
    revokeOnce: (jti, expiresAt) => run((db) => insertOnce(revoked(db), jti, expiresAt)),
  };
}

export function rateLimitStore(run: Run): RateLimitStore {
  const windows = (db: Db) => db.collection<RateDoc>(COLLECTIONS.rateLimits);
  return {
    hit: (key, windowMs) =>
      run(async (db) => {
        const now = new Date();
        // One atomic update: count up inside a live window, or start a new one. Every expression in a $set stage
        // reads the document as it was before the stage, so both fields test the old resetAt.
        const live = { $gt: ['$resetAt', now] };
        const doc = await retryDuplicate(() =>
          windows(db).findOneAndUpdate(
            { _id: key },
            [
              {
                $set: {
                  count: { $cond: [live, { $add: ['$count', 1] }, 1] },
                  resetAt: { $cond: [live, '$resetAt', new Date(now.getTime() + windowMs)] },
                },
              },
            ],
            { upsert: true, returnDocument: 'after' },
          ),
        );
        if (!doc) throw new Error('Rate-limit upsert returned no document');
        return { count: doc.count, resetAt: doc.resetAt };
      }),
    peek: (key) =>
      run(async (db) => {
        const doc = await windows(db).findOne({ _id: key });
        if (!doc || doc.resetAt.getTime() <= Date.now()) return null;
        return { count: doc.count, resetAt: doc.resetAt };
      }),
    reset: (key) =>
      run(async (db) => {
        await windows(db).deleteOne({ _id: key });
      }),
  };
}

export function otpStore(run: Run): OtpStore {
  const otps = (db: Db) => db.collection<OtpDoc>(COLLECTIONS.otps);
  return {
    put: (record) =>
      run(async (db) => {
        const email = record.email.toLowerCase();
        await otps(db).replaceOne({ _id: email }, { ...record, email }, { upsert: true });
      }),
    get: (email) =>
      run(async (db) => {
        const doc = await otps(db).findOne({ _id: email.toLowerCase(), expiresAt: { $gt: new Date() } });
        return doc ? toOtp(doc) : null;
      }),
    incrementAttempts: (email) =>
      run(async (db) => {
        const doc = await otps(db).findOneAndUpdate(
          { _id: email.toLowerCase(), expiresAt: { $gt: new Date() } },
          { $inc: { attempts: 1 } },
          { returnDocument: 'after' },
        );
        return doc ? doc.attempts : 0;
      }),
    delete: (email) =>
      run(async (db) => {
        await otps(db).deleteOne({ _id: email.toLowerCase() });
      }),
  };
}
