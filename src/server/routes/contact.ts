import { Hono } from 'hono';
import { ContactSendSchema } from '../../shared/schemas/contact';
import { clientIp } from '../auth/client-ip';
import type { AppEnv } from '../deps';
import { readJson } from '../http/validate';
import { checkContactRateLimit, CONTACT_SUCCESS_MESSAGE, receiveContactMessage } from '../services/contact';

/** POST /api/contact/send: the public contact form. */
export const contactRoutes = new Hono<AppEnv>().post('/send', async (c) => {
  const { website, ...message } = await readJson(c, ContactSendSchema);
  const deps = c.var.deps;
  await checkContactRateLimit(deps, clientIp(c));
  // A filled honeypot is a bot: the same reply a person gets, so it learns nothing, and nothing is kept or sent.
  if (!website) await receiveContactMessage(deps, message);
  return c.json({ success: true as const, message: CONTACT_SUCCESS_MESSAGE });
});
