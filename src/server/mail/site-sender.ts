// The sender's display name follows the practitioner's site name (docs/auth.md, "Mail sender"): MAIL_FROM gives the
// address; when it names no sender itself ("no-reply@your-domain"), mail goes out as "<site name> <address>". A
// MAIL_FROM with its own name ("Studio <no-reply@…>") is kept as it is, for those who want a fixed name.
import type { Mailer, MailMessage } from './types';

/** True when an address list entry carries its own display name ("Name <addr>"). */
export function hasDisplayName(from: string): boolean {
  return /<[^<>]+>\s*$/.test(from.trim()) && !/^\s*</.test(from);
}

/** What goes into the From header: MAIL_FROM, or the site name with MAIL_FROM's address. */
export function senderFor(mailFrom: string, siteName: string | undefined): string | { name: string; address: string } {
  const name = siteName
    ?.replace(/[\r\n"<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!name || hasDisplayName(mailFrom)) return mailFrom;
  return { name, address: mailFrom.trim().replace(/^<|>$/g, '') };
}

/**
 * Wraps a mailer so each message carries the site name as its sender name. The name is read at send time (a rename
 * shows in the next mail) and a failed read sends the mail anyway, without the name.
 */
export function withSiteSender(mailer: Mailer, readSiteName: () => Promise<string>): Mailer {
  return {
    async send(message: MailMessage) {
      const siteName = await readSiteName().catch(() => undefined);
      await mailer.send(siteName ? { ...message, senderName: siteName } : message);
    },
  };
}
