import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../env';
import { senderFor } from './site-sender';
import type { Mailer } from './types';

/**
 * How long SMTP may take, in milliseconds. nodemailer's defaults (2 minutes to connect, 30 s for the greeting, 10
 * minutes of socket silence) would keep a function busy long after its reply; a mail server slower than these is
 * treated as down and the send fails (logged by the caller, see auth/admin-account.ts).
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
} as const;

export type SmtpTimeouts = { [K in keyof typeof SMTP_TIMEOUTS]: number };

/**
 * nodemailer everywhere. With SMTP_URL set, real SMTP. Without it, each message is written as an .eml file in the
 * outbox folder, so a local admin can still read a password-reset code.
 */
export function createMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'OUTBOX_DIR'>,
  timeouts: SmtpTimeouts = SMTP_TIMEOUTS,
): Mailer {
  if (env.SMTP_URL) {
    // The URL form takes no timeouts, so its fields are read with nodemailer's own parser and the timeouts added.
    const transport = nodemailer.createTransport({ url: env.SMTP_URL, ...timeouts });
    return {
      async send(message) {
        const { senderName, ...mail } = message;
        await transport.sendMail({ ...mail, from: senderFor(env.MAIL_FROM, senderName) });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const { senderName, ...mail } = message;
      const info = await transport.sendMail({ ...mail, from: senderFor(env.MAIL_FROM, senderName) });
      mkdirSync(env.OUTBOX_DIR, { recursive: true });
      const file = path.join(
        env.OUTBOX_DIR,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      console.log(`[mail] written to ${file}`);
    },
  };
}
