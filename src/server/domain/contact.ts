import type { ContactMessage, ContactMessageInput } from '../../shared/schemas/contact';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import { MAIL_SKIPPED_NO_INBOX } from '../../shared/contact-mail';
import { contactMail } from './contact-mail';
import { currentPolicyVersion } from '../../shared/policies';
import { readSiteSettings } from './site-settings';
import { withTimeout } from '../mail/timeout';

export const CONTACT_SUCCESS_MESSAGE = 'Thank you for your message! I will get back to you soon.';

/** Enough for a person who writes twice or fixes a typo; a bot flooding from one address is stopped. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 } as const;

/** A stuck SMTP server must not hold the visitor past the browser's 10 s API timeout. */
export const CONTACT_MAIL_TIMEOUT_MS = 7_000;

type ContactDeps = Pick<AppDeps, 'stores' | 'mailer' | 'env'>;

/** Counts one send for this client address and refuses with 429 (and Retry-After) past the limit. */
export async function checkContactRateLimit(deps: ContactDeps, ip: string, now = Date.now()): Promise<void> {
  const state = await deps.stores.rateLimits.hit(`contact:${ip}`, CONTACT_RATE_LIMIT.windowMs);
  if (state.count > CONTACT_RATE_LIMIT.max) {
    const seconds = Math.max(1, Math.ceil((state.resetAt.getTime() - now) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new Refusal(
      'too-many',
      `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      seconds,
    );
  }
}

/** The site-wide window: CONTACT_HOURLY_LIMIT messages from all addresses together. */
export const CONTACT_SITE_WINDOW_MS = 60 * 60 * 1000;
const CONTACT_SITE_KEY = 'contact:site';

/**
 * Counts one message against the site-wide cap and refuses with 429 past it. Called only for a message that would
 * be stored (after validation and the honeypot), so bots caught by the honeypot cannot use up the people's share,
 * and a refused message is never stored, so a visitor who sends it again later does not leave a duplicate.
 */
export async function checkContactSiteLimit(deps: ContactDeps, now = Date.now()): Promise<void> {
  const state = await deps.stores.rateLimits.hit(CONTACT_SITE_KEY, CONTACT_SITE_WINDOW_MS);
  if (state.count > deps.env.CONTACT_HOURLY_LIMIT) {
    const seconds = Math.max(1, Math.ceil((state.resetAt.getTime() - now) / 1000));
    throw new Refusal(
      'too-many',
      'A lot of messages have arrived in the last hour. Please try again a little later.',
      undefined,
      seconds,
    );
  }
}

/** A short, secret-free reason for the admin inbox (SMTP URLs may carry credentials, so never the raw config). */
function mailFailureReason(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const text = error instanceof Error ? error.message : String(error);
  return `Mail delivery failed${code ? ` (${code})` : ''}: ${text.replace(/\s+/g, ' ').slice(0, 200)}`;
}

/**
 * Stores the message first (so nothing is lost), then mails it to CONTACT_INBOX. A mail failure does not fail the
 * send: it is logged and recorded on the message for the admin inbox.
 */
export async function receiveContactMessage(
  deps: ContactDeps,
  input: ContactMessageInput,
  now = new Date(),
): Promise<ContactMessage> {
  // The ticked box becomes a record of when, and to which version of the policies (docs/policies.md).
  const { consent: _ticked, ...fields } = input;
  const policyVersion = currentPolicyVersion(await readSiteSettings(deps.stores));
  const message = await deps.stores.contact.create({
    ...fields,
    consent: { at: now.toISOString(), policyVersion },
  });
  const inbox = deps.env.CONTACT_INBOX;
  if (!inbox) {
    return (await deps.stores.contact.update(message._id, { mailError: MAIL_SKIPPED_NO_INBOX })) ?? message;
  }
  try {
    await withTimeout(deps.mailer.send(contactMail(inbox, message)), CONTACT_MAIL_TIMEOUT_MS);
    return message;
  } catch (error) {
    const reason = mailFailureReason(error);
    // A warning, not an error: the message is safe in the store and the admin sees the reason in the inbox.
    console.warn(`[contact] message ${message._id} stored but not mailed: ${reason}`);
    return (await deps.stores.contact.update(message._id, { mailError: reason })) ?? message;
  }
}
