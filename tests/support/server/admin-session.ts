import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppDeps } from '../../../src/server/deps';
import { parseEnv, type Env } from '../../../src/server/env';
import type { MailMessage } from '../../../src/server/mail/types';
import { createMemoryMediaStore } from '../../../src/server/media/memory';
import { silentPublisher } from '../../../src/server/publish/types';
import { createEmbeddedStores } from '../../../src/server/stores/embedded/index';
import { createRecordingMailer } from './recording-mailer';

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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sg-test-'));
  const env = parseEnv({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dataDir });
  return { ...env, ...overrides };
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
}

async function post(app: RequestableApp, route: string, body: unknown): Promise<Response> {
  return app.request(`/api/admin/auth/${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
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
  const token =
    init.status === 403
      ? await tokenFrom(
          await post(app, 'login', { username: credentials.username, password: credentials.password }),
          'login',
        )
      : await tokenFrom(init, 'init');
  return { token, authHeader: { Authorization: `Bearer ${token}` } };
}
