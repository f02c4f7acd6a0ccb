import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSmtp } from '../../../tests/support/smtp';
import { createApp } from '../app';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import { createMailer } from '../mail/mailer';
import {
  createAdminSession,
  createTestDeps,
  createTestEnv,
  DEFAULT_ADMIN,
} from '../../../tests/support/server/admin-session';

// Issue 11 item 2: forgot-password answers before the mail goes out, so neither a registered address nor a slow or
// dead mail server shows in the reply time.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  vi.restoreAllMocks();
});

/** Accepts connections and never answers. */
async function deadSmtp(): Promise<string> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `smtp://127.0.0.1:${port}`;
}

/** A real SMTP server that waits 1.5 s before its greeting. */
async function slowSmtp(): Promise<{ url: string; received: () => number }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      setTimeout(() => callback(), 1_500);
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${port}`, received: () => received };
}

async function timedForgot(app: ReturnType<typeof createApp>, email: string, ip: string) {
  const started = performance.now();
  const response = await app.request('/api/admin/auth/forgot-password', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: ip },
    body: JSON.stringify({ email }),
  });
  const elapsed = performance.now() - started;
  expect(response.status).toBe(200);
  return elapsed;
}

async function appWith(smtpUrl: string) {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const env = createTestEnv({ SMTP_URL: smtpUrl });
  const deps = createTestDeps({ env, mailer: createMailer(env) });
  const app = createApp(deps);
  await createAdminSession(app);
  return { app, deps };
}

describe('forgot-password reply time', () => {
  it('does not wait for a mail server that never answers (no floor: the reply itself is quick)', async () => {
    const { app } = await appWith(await deadSmtp());
    const registered = await timedForgot(app, DEFAULT_ADMIN.email, '192.0.2.1');
    const unknown = await timedForgot(app, 'stranger@example.com', '192.0.2.2');
    expect(registered).toBeLessThan(500);
    expect(unknown).toBeLessThan(500);
  });

  it('with a mail server that takes 1.5 s, a registered and an unknown address answer alike and the mail arrives', async () => {
    const smtp = await slowSmtp();
    const { app, deps } = await appWith(smtp.url);
    const registered: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      registered.push(await timedForgot(app, DEFAULT_ADMIN.email, `192.0.2.${10 + i}`));
      unknown.push(await timedForgot(app, `nobody${i}@example.com`, `192.0.2.${20 + i}`));
    }
    expect(Math.max(...registered)).toBeLessThan(700);
    expect(Math.max(...unknown)).toBeLessThan(700);
    await deps.settled();
    expect(smtp.received()).toBe(3);
  }, 30_000);

  it('keeps the 1 s floor for both kinds with the real settings', async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.stop());
    const env = createTestEnv({ SMTP_URL: smtp.url });
    const deps = createTestDeps({ env, mailer: createMailer(env), auth: { bcryptCost: 4 } });
    const app = createApp(deps);
    await createAdminSession(app);
    const registered = await timedForgot(app, DEFAULT_ADMIN.email, '192.0.2.40');
    const unknown = await timedForgot(app, 'nobody@example.com', '192.0.2.41');
    for (const t of [registered, unknown]) {
      expect(t).toBeGreaterThanOrEqual(990);
      expect(t).toBeLessThan(1_400);
    }
    await deps.settled();
  }, 30_000);
});
