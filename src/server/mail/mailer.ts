import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../env';
import type { Mailer } from './types';

/**
 * nodemailer everywhere. With SMTP_URL set, real SMTP. Without it, each message is written as an .eml file in the
 * outbox folder, so a local admin can still read a password-reset code.
 */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'OUTBOX_DIR'>): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      async send(message) {
        await transport.sendMail({ from: env.MAIL_FROM, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: env.MAIL_FROM, ...message });
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
