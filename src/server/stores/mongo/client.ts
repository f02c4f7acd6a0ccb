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
 * Serverless settings (docs/decisions/002-mongodb-in-functions.md). A function instance serves one request at a time,
 * so two connections are plenty (a cold start opens one, not five). Idle connections live 3 minutes: a quiet site's
 * next visitor reuses the authenticated connection instead of paying Atlas's TLS and auth handshake again. A server
 * that cannot be reached surfaces after about 5 s, a stalled reply after 10 s, as a 503, never as a hang.
 *
 * No `timeoutMS`: driver 7.9 ignores it (deprecated, "has no effect"). The whole-operation deadline is
 * OPERATION_DEADLINE_MS below, enforced by the stores themselves.
 */
export const MONGO_CLIENT_OPTIONS = {
  appName: 'soul-guidance-site',
  maxPoolSize: 2,
  minPoolSize: 0,
  maxIdleTimeMS: 180_000,
  serverSelectionTimeoutMS: 5_000,
  connectTimeoutMS: 5_000,
  waitQueueTimeoutMS: 5_000,
  socketTimeoutMS: 10_000,
  // An absent optional field (offerPrice, key) must stay absent, not become null.
  ignoreUndefined: true,
} as const satisfies MongoClientOptions;

/**
 * The longest one store call may take, connect included, before it fails as unavailable (503): well inside the
 * function's 60 s limit, so the reply is ours and not the platform's timeout.
 */
export const OPERATION_DEADLINE_MS = 20_000;

/** A store call that passed OPERATION_DEADLINE_MS. */
export class OperationDeadlineError extends Error {
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`);
    this.name = 'OperationDeadlineError';
  }
}

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
  trash: 'trash',
  testimonials: 'testimonials',
  passkeys: 'passkeys',
  devices: 'devices',
  // Bookings (docs/bookings.md, "Stores"): the records, one claim per 5-minute tick, webhook ids, funnel counts, and
  // the availability and calendar cache documents.
  bookings: 'bookings',
  bookingClaims: 'booking_claims',
  processedEvents: 'processed_events',
  funnel: 'booking_funnel',
  bookingSettings: 'booking_settings',
} as const;

/** Expiring documents are removed by MongoDB itself (TTL monitor, about once a minute). */
const ttl = (field: string): IndexDescription => ({ key: { [field]: 1 }, name: `${field}_ttl`, expireAfterSeconds: 0 });

/**
 * Every index, by collection. They are created by the migration (`npm run db:migrate`, src/server/stores/mongo/
 * migrate.ts), never on a request: see docs/decisions/002-mongodb-in-functions.md.
 */
export const INDEXES: Record<string, IndexDescription[]> = {
  [COLLECTIONS.services]: [
    { key: { createdAt: -1, _id: -1 }, name: 'newest' },
    { key: { isActive: 1, isFeatured: 1, createdAt: -1 }, name: 'public_list' },
    // One service per address (docs/content-api.md, "Addresses"). Sparse: services saved before slugs have none
    // until the migration gives them one (src/server/stores/mongo/migrate.ts).
    { key: { slug: 1 }, name: 'slug_unique', unique: true, sparse: true },
    { key: { previousSlugs: 1 }, name: 'previous_slugs' },
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
    // A person's data export and erase (docs/policies.md).
    { key: { email: 1 }, name: 'by_email' },
  ],
  [COLLECTIONS.uploads]: [ttl('purgeAt'), { key: { status: 1, expiresAt: 1 }, name: 'open_expiry' }],
  // No TTL on the trash: its purge must also release media (src/server/domain/trash.ts), so it runs in the app.
  [COLLECTIONS.trash]: [{ key: { deletedAt: -1, _id: -1 }, name: 'newest' }],
  [COLLECTIONS.testimonials]: [{ key: { order: 1, createdAt: 1 }, name: 'order' }],
  [COLLECTIONS.passkeys]: [
    // A credential id names one passkey: the unique index is what refuses the same authenticator twice.
    { key: { credentialId: 1 }, name: 'credential_unique', unique: true },
    { key: { adminId: 1, createdAt: 1 }, name: 'by_admin' },
  ],
  // The account's trusted browsers (docs/auth.md, "New devices"): listed and revoked by admin.
  [COLLECTIONS.devices]: [ttl('expiresAt'), { key: { adminId: 1, lastSeenAt: -1 }, name: 'by_admin' }],
  [COLLECTIONS.bookings]: [
    { key: { start: 1, end: 1 }, name: 'by_start' },
    { key: { emailLower: 1 }, name: 'by_email' },
    { key: { 'payment.orderId': 1 }, name: 'by_order', sparse: true },
    { key: { status: 1, holdExpiresAt: 1 }, name: 'holds' },
  ],
  // `_id` is the tick itself (the unique key that refuses a double booking); released by booking.
  [COLLECTIONS.bookingClaims]: [{ key: { bookingId: 1 }, name: 'by_booking' }],
  [COLLECTIONS.processedEvents]: [ttl('expiresAt')],
  [COLLECTIONS.funnel]: [{ key: { day: 1 }, name: 'by_day' }],
};

interface SharedClient {
  uri: string;
  /** Open Stores objects using this client; the client closes when the last one does. */
  users: number;
  /** The connected client, or the connect under way. Cleared when a connect fails, so the next call starts anew. */
  connected: Promise<MongoClient> | undefined;
}

/** What a Stores object holds: the database of the current connected client, and a way to let go. */
export interface ClientHandle {
  /** The database on a connected client, connecting (with a fresh client) when there is none. */
  db(dbName: string): Promise<Db>;
  /** Called with an error an operation failed with: a closed client is dropped so the next call recreates it. */
  failed(error: unknown): void;
  release(): Promise<void>;
}

// Module scope on purpose: a warm serverless instance reuses the client and its pooled connections across
// invocations instead of paying a TLS handshake and authentication on every request.
const clients = new Map<string, SharedClient>();

/**
 * Connects explicitly. The driver closes a client's topology for good when its first (automatic) connect fails
 * ("Topology is closed"), so a failed client is closed and forgotten here, and the next request builds a new one:
 * an instance started during an outage recovers once the database is back, without a restart.
 */
function connect(shared: SharedClient): Promise<MongoClient> {
  if (shared.connected) return shared.connected;
  const attempt = (async () => {
    const client = new MongoClient(shared.uri, MONGO_CLIENT_OPTIONS);
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  })();
  shared.connected = attempt;
  attempt.catch(() => {
    if (shared.connected === attempt) shared.connected = undefined;
  });
  return attempt;
}

/** The process-wide client for this URI. Nothing connects yet: the first operation does. */
export function acquireClient(uri: string): ClientHandle {
  let shared = clients.get(uri);
  if (!shared) {
    shared = { uri, users: 0, connected: undefined };
    clients.set(uri, shared);
  }
  const current = shared;
  current.users += 1;
  let released = false;
  return {
    async db(dbName) {
      if (released) throw new MongoClientClosedError();
      return (await connect(current)).db(dbName);
    },
    failed(error) {
      // A client closed under us (not by release) cannot be reused: forget it and connect afresh next time.
      if (!(error instanceof MongoTopologyClosedError || error instanceof MongoClientClosedError)) return;
      const stale = current.connected;
      if (!stale) return;
      current.connected = undefined;
      void stale.then((client) => client.close()).catch(() => undefined);
    },
    async release() {
      if (released) return;
      released = true;
      current.users -= 1;
      if (current.users > 0 || clients.get(uri) !== current) return;
      clients.delete(uri);
      const connected = current.connected;
      current.connected = undefined;
      if (connected) await connected.then((client) => client.close()).catch(() => undefined);
    },
  };
}

/** DNS answers that mean "cannot look the cluster up right now" (a `mongodb+srv` lookup at connect). */
const DNS_FAILURES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ESERVFAIL', 'ETIMEOUT', 'ECONNREFUSED', 'ENODATA']);

function isDnsFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, syscall } = error as Error & { code?: unknown; syscall?: unknown };
  if (typeof syscall === 'string' && /^(query|getaddrinfo)/.test(syscall)) return true;
  return typeof code === 'string' && DNS_FAILURES.has(code) && typeof syscall === 'string';
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
    error instanceof OperationDeadlineError ||
    // The SRV or TXT lookup of a mongodb+srv address failed (a DNS blip at cold start).
    isDnsFailure(error) ||
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
  if (/slug/i.test(text)) return 'slug';
  return 'unknown';
}
