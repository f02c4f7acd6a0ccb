// For the contact route tests: the practitioner's inbox, a message the form accepts, and the JSON call that sends it.
import type { createApp } from '../app';
import { CLIENT_IP_HEADER } from '../auth/client-ip';

export const CONTACT_TEST_INBOX = 'inbox@soulguidance.test';

/** A message the contact form accepts: what a visitor types, and the ticked consent box. */
export const validContact = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  subject: 'Akashic Records Reading',
  message: 'Hello, I would like a reading next week.',
  consent: true,
};

/** POST /api/contact/send from `ip`, as the page's script sends it; a string body goes as typed (a broken request). */
export function contactSender(app: ReturnType<typeof createApp>) {
  return (body: unknown, ip: string) =>
    app.request('/api/contact/send', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: ip },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
}
