export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The From display name when MAIL_FROM names none (site-sender.ts): the practitioner's site name. */
  senderName?: string;
}

/** Sends mail through SMTP (SMTP_URL) or, locally, writes .eml files to the outbox folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
