import {
  MongoClient,
  MongoClientClosedError,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  type Db,
  type IndexDescription,
  type MongoClientOptions,
} from 'mongodb';
import { StoreUnavailableError } from '../types';

/**
 * Serverless settings: a function instance serves one request at a time, so a handful of connections is plenty, and
 * an idle instance should not hold Atlas connections open. A server that cannot be reached surfaces after about 5 s
 * (inside the function's 60 s budget) as a 503, never as a hang.
 */
export const MONGO_CLIENT_OPTIONS = {
  appName: 'soul-guidance-site',
  maxPoolSize: 5,
  minPoolSize: 0,
  maxIdleTimeMS: 15_000,
  serverSelectionTimeoutMS: 5_000,
  connectTimeoutMS: 5_000,
  socketTimeoutMS: 20_000,
  // An absent optional field (offerPrice, key) must stay absent, not become null.
  ignoreUndefined: true,
} as const satisfies MongoClientOptions;

export const COLLECTIONS = {
  services: 'services',
  banners: 'banners',
  admins: 'admins',
  revokedTokens: 'revoked_tokens',
  claimedTokens: 'claimed_tokens',
  rateLimits: 'rate_limits',
  otps: 'otps',
  contact: 'contact_messages',
  uploads: 'uploads',
  meta: 'meta',
} as const;

/** Expiring documents are removed by MongoDB itself (TTL monitor, about once a minute). */
const ttl = (field: string): IndexDescription => ({ key: { [field]: 1 }, name: `${field}_ttl`, expireAfterSeconds: 0 });

/** Every index, by collection. createIndexes with the same specification is a no-op, so this is safe on every start. */
export const INDEXES: Record<string, IndexDescription[]> = {
  [COLLECTIONS.services]: [
    { key: { createdAt: -1, _id: -1 }, name: 'newest' },
    { key: { isActive: 1, isFeatured: 1, createdAt: -1 }, name: 'public_list' },
  ],
  [COLLECTIONS.banners]: [{ key: { isActive: 1, order: 1, createdAt: 1 }, name: 'public_order' }],
  [COLLECTIONS.admins]: [
    // Lower-cased copies make the uniqueness case-insensitive without a collation on every query.
    { key: { usernameLower: 1 }, name: 'username_unique', unique: true },
    { key: { emailLower: 1 }, name: 'email_unique', unique: true },
    // Only the first admin carries `firstAdmin`; the unique index lets exactly one of many concurrent inits insert.
    { key: { firstAdmin: 1 }, name: 'first_admin_unique', unique: true, sparse: true },
  ],
  [COLLECTIONS.revokedTokens]: [ttl('expiresAt')],
  [COLLECTIONS.claimedTokens]: [ttl('expiresAt')],
  [COLLECTIONS.rateLimits]: [ttl('resetAt')],
  [COLLECTIONS.otps]: [ttl('expiresAt')],
  [COLLECTIONS.contact]: [
    { key: { createdAt: -1, _id: -1 }, name: 'newest' },
    { key: { status: 1 }, name: 'status' },
  ],
  [COLLECTIONS.uploads]: [ttl('purgeAt'), { key: { status: 1, expiresAt: 1 }, name: 'open_expiry' }],
};

interface SharedClient {
  client: MongoClient;
  /** Open Stores objects using this client; the client closes when the last one does. */
  users: number;
  /** One index pass per database per process; forgotten on failure so the next request tries again. */
  ready: Map<string, Promise<Db>>;
}

// Module scope on purpose: a warm serverless instance reuses the client and its pooled connections across
// invocations instead of paying a TLS handshake and authentication on every request.
const clients = new Map<string, SharedClient>();

/** The process-wide client for this URI. Nothing connects yet: the first operation does (the driver connects lazily). */
export function acquireClient(uri: string): SharedClient {
  let shared = clients.get(uri);
  if (!shared) {
    shared = { client: new MongoClient(uri, MONGO_CLIENT_OPTIONS), users: 0, ready: new Map() };
    clients.set(uri, shared);
  }
  shared.users += 1;
  return shared;
}

export async function releaseClient(uri: string, shared: SharedClient): Promise<void> {
  shared.users -= 1;
  if (shared.users > 0 || clients.get(uri) !== shared) return;
  clients.delete(uri);
  await shared.client.close();
}

/** The database, with its indexes ensured once per process. */
export function readyDatabase(shared: SharedClient, dbName: string): Promise<Db> {
  let ready = shared.ready.get(dbName);
  if (!ready) {
    const db = shared.client.db(dbName);
    ready = Promise.all(
      Object.entries(INDEXES).map(([collection, indexes]) => db.collection(collection).createIndexes(indexes)),
    ).then(() => db);
    ready.catch(() => shared.ready.delete(dbName));
    shared.ready.set(dbName, ready);
  }
  return ready;
}

/** Errors that mean "the database cannot be reached right now" rather than "this request is wrong". */
export function isUnavailable(error: unknown): boolean {
  return (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoClientClosedError ||
    error instanceof MongoServerClosedError ||
    error instanceof MongoOperationTimeoutError ||
    // A write retried once during an election or failover and failed again.
    (error instanceof MongoError && error.hasErrorLabel('RetryableWriteError'))
  );
}

/** Maps driver errors to the store's own: unreachable becomes StoreUnavailableError (routes answer 503). */
export function translateError(error: unknown): unknown {
  if (isUnavailable(error)) return new StoreUnavailableError(undefined, { cause: error });
  return error;
}

export function isDuplicateKey(error: unknown): error is MongoServerError {
  return error instanceof MongoServerError && error.code === 11000;
}

/** Which unique field a duplicate-key error is about, from the index it names. */
export function duplicateField(error: MongoServerError): string {
  const pattern: unknown = error['keyPattern'];
  const keys = pattern && typeof pattern === 'object' ? Object.keys(pattern) : [];
  const text = `${keys.join(' ')} ${error.message}`;
  if (/email/i.test(text)) return 'email';
  if (/username/i.test(text)) return 'username';
  return 'unknown';
}
