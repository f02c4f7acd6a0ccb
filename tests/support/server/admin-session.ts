import type { AppDeps } from '../../../src/server/deps';
import { parseEnv, type Env } from '../../../src/server/env';
import type { MailMessage } from '../../../src/server/mail/types';
import { createMemoryMediaStore } from '../../../src/server/media/memory';
import { silentPublisher } from '../../../src/server/publish/types';
import { createEmbeddedStores } from '../../../src/server/stores/embedded/index';
import { createRecordingMailer } from './recording-mailer';
import { makeTempDir } from '../temp-dirs';

/** Fixed, so a test can sign its own tokens (forged, expired…) with the app's secret. */
export const TEST_JWT_SECRET = 'test-secret-for-vitest-only-0123456789abcdef';

export const DEFAULT_ADMIN = {
  username: 'admin',
  email: 'admin@example.com',
  password: 'correct horse battery staple',
} as const;

/** A low bcrypt cost for suites that only need a session. The auth suite passes the real cost where it matters. */
export const TEST_BCRYPT_COST = 4;

export interface TestDeps extends AppDeps {
  /** Messages sent through the default recording mailer (empty when a mailer override is given). */
  sentMail: MailMessage[];
  /** Resolves once every task started after a reply so far (mails sent after forgot-password) has finished. */
  settled(): Promise<void>;
}

export function createTestEnv(overrides: Partial<Env> = {}): Env {
  const dataDir = makeTempDir('sg-test-');
  const env = parseEnv({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dataDir });
  return { ...env, ...overrides };
}

/** What a deployed function must have besides Netlify's own variables (env.ts refuses to start without them). */
export const FUNCTION_VARS = { MONGODB_URI: 'mongodb://127.0.0.1:9', SMTP_URL: 'smtp://127.0.0.1:9' } as const;

/**
 * The raw variables of a deployed function (Netlify gives it SITE_ID and URL) for a test that keeps its own stores;
 * `extra` adds or replaces any, e.g. ADMIN_SETUP_CODE.
 */
export function deployedTestVars(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: makeTempDir('sg-test-'),
    SITE_ID: 'a1b2c3',
    URL: 'https://soul.example',
    ...FUNCTION_VARS,
    ...extra,
  };
}

/**
 * AppDeps for route tests: a fresh in-memory embedded store, in-memory media, a recording mailer and a publisher that
 * does nothing. Pass any part to replace it; `auth` defaults to a fast bcrypt cost and no forgot-password floor.
 */
export function createTestDeps(overrides: Partial<AppDeps> = {}): TestDeps {
  const recording = createRecordingMailer();
  const pending: Promise<unknown>[] = [];
  return {
    afterReply: (task) => {
      pending.push(task);
      overrides.afterReply?.(task);
    },
    async settled() {
      while (pending.length > 0) await Promise.all(pending.splice(0));
    },
    env: overrides.env ?? createTestEnv(),
    stores: overrides.stores ?? createEmbeddedStores(':memory:'),
    media: overrides.media ?? createMemoryMediaStore(),
    mailer: overrides.mailer ?? recording,
    publisher: overrides.publisher ?? silentPublisher,
    auth: overrides.auth ?? { bcryptCost: TEST_BCRYPT_COST, forgotPasswordMinMs: 0 },
    sentMail: recording.messages,
  };
}

/** Anything with Hono's `request()`: the app from createApp(). */
export interface RequestableApp {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

export interface AdminSession {
  token: string;
  authHeader: { Authorization: string };
  /** `sg_device=…` of the "browser" that created the first admin (a trusted device, docs/auth.md "New devices"). */
  deviceCookie: string;
}

/**
 * The device cookie each app's first admin was created with. app.request() keeps no cookie jar, so the tests'
 * "owner's browser" is this cookie, sent by hand.
 */
const ownerDevices = new WeakMap<RequestableApp, string>();

/** The owner's device cookie (`sg_device=…`) for an app set up by createAdminSession, or '' before that. */
export function ownerDeviceCookie(app: RequestableApp): string {
  return ownerDevices.get(app) ?? '';
}

/**
 * Keeps a reply's new device cookie as the owner's (a password change, for one, revokes the old cookie and trusts the
 * browser that made the change with a new one). Answers the response, for chaining.
 */
export function rememberDeviceCookie(app: RequestableApp, response: Response): Response {
  const cookie = cookieFrom(response, 'sg_device');
  if (cookie) ownerDevices.set(app, cookie);
  return response;
}

/** `name=value` of the cookie `name` among a reply's Set-Cookie headers, or ''. */
export function cookieFrom(response: Response, name: string): string {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    if (pair.startsWith(`${name}=`) && pair.length > name.length + 1) return pair;
  }
  return '';
}

async function post(app: RequestableApp, route: string, body: unknown, cookie = ''): Promise<Response> {
  return app.request(`/api/admin/auth/${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function tokenFrom(response: Response, route: string): Promise<string> {
  const body = (await response.json()) as { success?: boolean; token?: unknown; message?: unknown };
  if (!response.ok || body.success !== true || typeof body.token !== 'string') {
    throw new Error(`createAdminSession: ${route} answered ${response.status}: ${String(body.message)}`);
  }
  return body.token;
}

/**
 * A signed-in admin session through the real routes: creates the first admin with `credentials` (or the default
 * admin), or logs in when an admin already exists.
 */
export async function createAdminSession(
  app: RequestableApp,
  credentials: { username: string; email?: string; password: string } = DEFAULT_ADMIN,
): Promise<AdminSession> {
  const email = credentials.email ?? `${credentials.username}@example.com`;
  const init = await post(app, 'init', { username: credentials.username, email, password: credentials.password });
  if (init.status !== 403) {
    const deviceCookie = cookieFrom(init, 'sg_device');
    ownerDevices.set(app, deviceCookie);
    const token = await tokenFrom(init, 'init');
    return { token, authHeader: { Authorization: `Bearer ${token}` }, deviceCookie };
  }
  // Signed in from the owner's browser: its device cookie spares the e-mailed approval a new browser would need.
  const deviceCookie = ownerDeviceCookie(app);
  const login = await post(
    app,
    'login',
    { username: credentials.username, password: credentials.password },
    deviceCookie,
  );
  rememberDeviceCookie(app, login);
  const token = await tokenFrom(login, 'login');
  return { token, authHeader: { Authorization: `Bearer ${token}` }, deviceCookie: cookieFrom(login, 'sg_device') };
}
