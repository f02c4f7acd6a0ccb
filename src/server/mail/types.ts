export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The From display name when MAIL_FROM names none (site-sender.ts): the practitioner's site name. */
  senderName?: string;
  /**
   * A calendar file (docs/bookings.md, "Mails and reminders"), in nodemailer's icalEvent shape so the mailer passes it
   * through: sent as a text/calendar part with its METHOD, which mail programs offer to add, and as an attachment.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; filename: string; content: string };
}

/** Sends mail through SMTP (SMTP_URL) or, locally, writes .eml files to the outbox folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
