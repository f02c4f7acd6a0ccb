export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Sends mail through SMTP (SMTP_URL) or, locally, writes .eml files to the outbox folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
