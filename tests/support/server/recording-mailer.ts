import type { MailMessage, Mailer } from '../../../src/server/mail/types';
import { recorder } from './recorder';

/** A mailer that keeps every message in memory. Tests of mail content use real loopback SMTP instead. */
export function createRecordingMailer(): Mailer & { readonly messages: MailMessage[] } {
  const { items, record } = recorder<MailMessage>();
  return { messages: items, send: record };
}
