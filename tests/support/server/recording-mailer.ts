import type { MailMessage, Mailer } from '../../../src/server/mail/types';

/** A mailer that keeps every message in memory. Tests of mail content use real loopback SMTP instead. */
export function createRecordingMailer(): Mailer & { readonly messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
  };
}
