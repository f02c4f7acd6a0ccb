import { Hono, type Context } from 'hono';
import { ContactSendSchema } from '../../shared/schemas/contact';
import { clientIp } from '../auth/client-ip';
import type { AppEnv } from '../deps';
import { HttpError } from '../http/errors';
import { Refusal } from '../refusal';
import { readJson } from '../http/validate';
import {
  checkContactRateLimit,
  checkContactSiteLimit,
  CONTACT_SUCCESS_MESSAGE,
  receiveContactMessage,
} from '../domain/contact';
import { checkContactSubject, readSiteSettings } from '../domain/site-settings';

/** The subject is one the site offers now (the practitioner chooses them, docs/site-settings.md). */
async function isOfferedSubject(deps: AppEnv['Variables']['deps'], subject: string): Promise<boolean> {
  return (await readSiteSettings(deps.stores)).contact.subjects.includes(subject);
}

/**
 * Where a plain (no-JavaScript) form post lands: the contact page with a fragment that its CSS turns into the
 * matching notice (`:target`, docs/public-site.md). The fragments are the ids of those notices.
 */
export const CONTACT_FORM_RESULT = {
  sent: '/contact#message-sent',
  invalid: '/contact#message-invalid',
  limited: '/contact#message-limited',
  failed: '/contact#message-failed',
} as const;

/**
 * A browser's form post from another site must not become a mail relay: browsers say where a request comes from
 * in Sec-Fetch-Site (same-origin, or none when typed); older ones only in Origin, checked against the Host asked for.
 */
function crossSite(c: Context): boolean {
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = c.req.header('origin');
  if (!origin) return false;
  try {
    const host = c.req.header('x-forwarded-host') ?? c.req.header('host') ?? new URL(c.req.url).host;
    return new URL(origin).host !== host;
  } catch {
    // 'null' (a sandboxed or privacy-sensitive context) or garbage.
    return true;
  }
}

export const contactRoutes = new Hono<AppEnv>()
  /** POST /api/contact/send: the public contact form, from its island (JSON). */
  .post('/send', async (c) => {
    const { website, ...message } = await readJson(c, ContactSendSchema);
    const deps = c.var.deps;
    await checkContactSubject(deps, message.subject);
    await checkContactRateLimit(deps, clientIp(c));
    // A filled honeypot is a bot: the same reply a person gets, so it learns nothing, and nothing is kept or sent.
    if (!website) {
      await checkContactSiteLimit(deps);
      await receiveContactMessage(deps, message);
    }
    return c.json({ success: true as const, message: CONTACT_SUCCESS_MESSAGE });
  })
  /**
   * POST /api/contact/form: the same form posted by the browser itself, before (or without) its island. It takes
   * only `application/x-www-form-urlencoded`, validates with the same schema, counts against the same rate limit,
   * and answers 303 to the contact page with the outcome (sent, invalid, limited, failed).
   */
  .post('/form', async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      throw new HttpError(415, 'This endpoint accepts a form post only');
    }
    if (crossSite(c)) throw new HttpError(403, 'Forbidden');
    const fields = new URLSearchParams(await c.req.text());
    const input: Record<string, string> = {};
    for (const [key, value] of fields) input[key] = value;
    // The empty honeypot is sent by every browser; the schema treats it as absent.
    if (input.website === '') delete input.website;
    const parsed = ContactSendSchema.safeParse(input);
    const deps = c.var.deps;
    if (!parsed.success || !(await isOfferedSubject(deps, parsed.data.subject))) {
      return c.redirect(CONTACT_FORM_RESULT.invalid, 303);
    }
    const { website, ...message } = parsed.data;
    try {
      await checkContactRateLimit(deps, clientIp(c));
      if (!website) await checkContactSiteLimit(deps);
    } catch (error) {
      if (error instanceof Refusal && error.reason === 'too-many') return c.redirect(CONTACT_FORM_RESULT.limited, 303);
      throw error;
    }
    if (!website) {
      try {
        await receiveContactMessage(deps, message);
      } catch (error) {
        console.error(`[api] contact form post failed: ${error instanceof Error ? error.name : 'Error'}`);
        return c.redirect(CONTACT_FORM_RESULT.failed, 303);
      }
    }
    return c.redirect(CONTACT_FORM_RESULT.sent, 303);
  });
