import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, SMTP_TIMEOUTS } from './mailer';

// A mail server that accepts the connection and then never says a word: without timeouts nodemailer waits 30 s for
// the greeting (and a silent socket for 10 minutes).

let server: Server | undefined;
const sockets: Socket[] = [];

async function silentSmtp(): Promise<string> {
  server = createServer((socket) => sockets.push(socket));
  const port = await new Promise<number>((resolve) => {
    server?.listen(0, '127.0.0.1', () => {
      const address = server?.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return `smtp://127.0.0.1:${port}`;
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const env = (url: string) => ({ SMTP_URL: url, MAIL_FROM: 'Test <test@example.com>', OUTBOX_DIR: '/nonexistent' });
const message = { to: 'someone@example.com', subject: 'Hello', text: 'Hi' };

describe('createMailer (SMTP)', () => {
  it('sets connection, greeting and socket timeouts well under nodemailer defaults', () => {
    expect(SMTP_TIMEOUTS.connectionTimeout).toBeLessThanOrEqual(15_000);
    expect(SMTP_TIMEOUTS.greetingTimeout).toBeLessThanOrEqual(15_000);
    expect(SMTP_TIMEOUTS.socketTimeout).toBeLessThanOrEqual(30_000);
  });

  it('gives up on a server that never greets instead of hanging', async () => {
    const url = await silentSmtp();
    const mailer = createMailer(env(url), { connectionTimeout: 300, greetingTimeout: 300, socketTimeout: 600 });
    const started = performance.now();
    await expect(mailer.send(message)).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
