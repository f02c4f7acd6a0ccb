import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeMail, startSmtp, type TestSmtp } from '../../../tests/support/smtp';
import { createApp } from '../app';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import { createMailer } from '../mail/mailer';
import type { Mailer } from '../mail/types';
import { CONTACT_RATE_LIMIT } from '../domain/contact';
import { createTestDeps, createTestEnv } from '../../../tests/support/server/admin-session';
import { XSS } from '../../../tests/support/server/content';
import { CONTACT_TEST_INBOX as INBOX, contactSender, validContact } from './contact.fixtures';

// POST /api/contact/send: stored first, then mailed to CONTACT_INBOX; mail trouble never loses a message.

const SUCCESS = { success: true, message: 'Thank you for your message! I will get back to you soon.' };

/** With a phone number, and a line break the mail must keep. */
const valid = { ...validContact, phone: '+91 98765 43210', message: 'Hello,\nI would like a reading next week.' };
/** What is stored for the ticked box: when, and the policy version (docs/policies.md). */
const RECORDED_CONSENT = { consent: { at: expect.any(String) as unknown, policyVersion: '1' } };

function setup(options: { inbox?: string | undefined; mailer?: Mailer } = {}) {
  const env = createTestEnv('inbox' in options ? { CONTACT_INBOX: options.inbox } : { CONTACT_INBOX: INBOX });
  const deps = createTestDeps({ env, ...(options.mailer ? { mailer: options.mailer } : {}) });
  const app = createApp(deps);
  const post = contactSender(app);
  const send = (body: unknown, ip = '198.51.100.7') => post(body, ip);
  const stored = () => deps.stores.contact.list();
  return { app, deps, send, stored };
}

let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.stop();
  smtp = undefined;
});

describe('sending', () => {
  it('stores the message and mails it to CONTACT_INBOX with Reply-To set to the sender', async () => {
    const { send, stored, deps } = setup();
    const response = await send(valid);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(SUCCESS);
    const [message] = await stored();
    expect(message).toMatchObject({ ...valid, ...RECORDED_CONSENT, phone: '+919876543210', status: 'new' });
    expect(message?.mailError).toBeUndefined();
    expect(deps.sentMail).toHaveLength(1);
    expect(deps.sentMail[0]).toMatchObject({
      to: INBOX,
      replyTo: 'asha@example.com',
      subject: 'Contact form: Akashic Records Reading from Asha Rao',
    });
  });

  it('delivers through a real SMTP server, escaping HTML, with no way to add headers or recipients', async () => {
    smtp = await startSmtp();
    const mailer = createMailer({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Site <site@soulguidance.test>',
      OUTBOX_DIR: '/nonexistent',
    });
    const { send, stored } = setup({ mailer });
    const payload = {
      ...valid,
      name: 'Eve Bcc: victim@example.com, <b>bold</b>',
      message: `${XSS}\nBcc: victim@example.com\r\n\r\nSecond paragraph`,
    };
    expect(await (await send(payload)).json()).toEqual(SUCCESS);
    const mail = await smtp.waitFor(() => true);
    expect(mail.to).toEqual([INBOX]);
    const decoded = decodeMail(mail);
    expect(decoded.headers['reply-to']).toBe('asha@example.com');
    expect(decoded.headers['to']).toBe(INBOX);
    expect(decoded.headers['bcc']).toBeUndefined();
    expect(decoded.headers['subject']).toContain('Akashic Records Reading');
    expect(decoded.text).toContain('Bcc: victim@example.com');
    // Stored in E.164, the number reads grouped in the mail.
    expect(decoded.text).toContain('Phone: +91 98765 43210');
    expect(decoded.text).toContain(XSS);
    expect(decoded.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(decoded.html).toContain('Eve Bcc: victim@example.com, &lt;b&gt;bold&lt;/b&gt;');
    expect(decoded.html).not.toContain('<script>');
    expect(decoded.html).not.toContain('<b>bold');
    const [message] = await stored();
    expect(message?.mailError).toBeUndefined();
  });

  it('with SMTP down, still stores the message, answers success, and records and logs the failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    smtp = await startSmtp();
    const deadUrl = smtp.url;
    await smtp.stop();
    smtp = undefined;
    const mailer = createMailer({ SMTP_URL: deadUrl, MAIL_FROM: 'site@soulguidance.test', OUTBOX_DIR: '/nonexistent' });
    const { send, stored } = setup({ mailer });
    const response = await send(valid);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(SUCCESS);
    const [message] = await stored();
    expect(message).toMatchObject({ ...valid, ...RECORDED_CONSENT, phone: '+919876543210' });
    expect(message?.mailError).toMatch(/^Mail delivery failed \(E[A-Z]+\): .*ECONNREFUSED/);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain(`message ${message?._id} stored but not mailed`);
  });

  it('without CONTACT_INBOX, stores the message and records why it was not mailed', async () => {
    const { send, stored, deps } = setup({ inbox: undefined });
    expect(await (await send(valid)).json()).toEqual(SUCCESS);
    const [message] = await stored();
    expect(message?.mailError).toBe('Not mailed: CONTACT_INBOX is not set');
    expect(deps.sentMail).toEqual([]);
  });

  it('stores XSS-shaped text in every field unchanged', async () => {
    const { send, stored } = setup();
    const payload = { ...valid, name: XSS, message: XSS, phone: '' };
    expect((await send(payload)).status).toBe(200);
    const [message] = await stored();
    expect(message).toMatchObject({ name: XSS, message: XSS, phone: '' });
  });

  it('treats a filled honeypot as a bot: the same reply, nothing stored or mailed', async () => {
    const { send, stored, deps } = setup();
    const response = await send({ ...valid, website: 'http://spam.example' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(SUCCESS);
    expect(await stored()).toEqual([]);
    expect(deps.sentMail).toEqual([]);
    // An empty honeypot (what the real form sends) is a person.
    expect((await send({ ...valid, website: '' })).status).toBe(200);
    expect(await stored()).toHaveLength(1);
  });
});

describe('validation', () => {
  const rules: [string, Record<string, unknown>, string, string][] = [
    ['name required', { name: '' }, 'name', 'Please enter your full name'],
    ['name one line', { name: 'Eve\r\nBcc: victim@example.com' }, 'name', 'Must not contain line breaks'],
    ['name no line separator', { name: 'Eve\u2028Bcc: x@example.com' }, 'name', 'Must not contain line breaks'],
    ['email required', { email: '' }, 'email', 'Email is required'],
    ['email valid', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [
      'email one line',
      { email: 'a@example.com\r\nBcc: victim@example.com' },
      'email',
      'Please enter a valid email address',
    ],
    [
      'phone digits',
      { phone: 'call me' },
      'phone',
      'Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210',
    ],
    [
      'phone that can be dialled',
      { phone: '12345' },
      'phone',
      'Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210',
    ],
    ['phone one line', { phone: '123\n456' }, 'phone', 'Must not contain line breaks'],
    ['subject from the list', { subject: 'Lottery numbers' }, 'subject', 'Please choose a subject'],
    ['subject required', { subject: undefined }, 'subject', 'Please choose a subject'],
    ['message required', { message: '   ' }, 'message', 'Please enter a message'],
    ['message at most 5000', { message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
  ];

  it.each(rules)('refuses: %s', async (_rule, overrides, field, message) => {
    const { send, stored, deps } = setup();
    const response = await send({ ...valid, ...overrides });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; errors?: Record<string, string> };
    expect(body.success).toBe(false);
    expect(body.errors?.[field]).toBe(message);
    expect(await stored()).toEqual([]);
    expect(deps.sentMail).toEqual([]);
  });

  it('refuses unknown fields and bodies that are not JSON objects', async () => {
    const { send } = setup();
    expect((await send({ ...valid, isAdmin: true })).status).toBe(400);
    const notJson = await send('name=Asha');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ success: false, message: 'The request body must be valid JSON' });
    expect((await send('[1,2]')).status).toBe(400);
  });
});

describe('rate limit', () => {
  it('allows a few sends per address, then answers 429 with Retry-After; other addresses are not affected', async () => {
    const { send, stored } = setup();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) expect((await send(valid, '203.0.113.9')).status).toBe(200);
    const limited = await send(valid, '203.0.113.9');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowMs / 1000);
    expect(((await limited.json()) as { message: string }).message).toMatch(/^You have sent several messages/);
    expect((await send(valid, '203.0.113.10')).status).toBe(200);
    expect(await stored()).toHaveLength(CONTACT_RATE_LIMIT.max + 1);
  });

  it('counts a honeypot bot too', async () => {
    const { send } = setup();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) await send({ ...valid, website: 'x' }, '192.0.2.1');
    expect((await send(valid, '192.0.2.1')).status).toBe(429);
  });
});

// POST /api/contact/form: the same form posted by a browser without JavaScript (docs/public-site.md).
describe('plain form post', () => {
  const formPost = (
    app: ReturnType<typeof setup>['app'],
    fields: Record<string, string | boolean>,
    headers: Record<string, string> = {},
  ) =>
    app.request('http://localhost/api/contact/form', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        [CLIENT_IP_HEADER]: '198.51.100.9',
        Origin: 'http://localhost',
        ...headers,
      },
      body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, v === true ? 'on' : String(v)])).toString(),
    });

  it('stores and mails the message, then sends the browser back to the thank-you notice', async () => {
    const { app, stored, deps } = setup();
    const response = await formPost(app, { ...valid, website: '' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact#message-sent');
    const [message] = await stored();
    expect(message).toMatchObject({ ...valid, ...RECORDED_CONSENT, phone: '+919876543210', status: 'new' });
    expect(deps.sentMail).toHaveLength(1);
  });

  it('checks the fields with the shared schema: an invalid post stores nothing', async () => {
    const { app, stored } = setup();
    for (const fields of [
      { ...valid, email: 'not-an-email' },
      { ...valid, subject: 'Something else' },
      { ...valid, extra: 'unknown keys are refused' },
      { name: valid.name },
    ]) {
      const response = await formPost(app, fields);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/contact#message-invalid');
    }
    expect(await stored()).toEqual([]);
  });

  it('answers a filled honeypot like a person but keeps nothing', async () => {
    const { app, stored } = setup();
    const response = await formPost(app, { ...valid, website: 'http://spam.example' });
    expect(response.headers.get('location')).toBe('/contact#message-sent');
    expect(await stored()).toEqual([]);
  });

  it('takes form posts only (415 otherwise) and refuses posts from other sites (403)', async () => {
    const { app, stored } = setup();
    const json = await app.request('http://localhost/api/contact/form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
      body: JSON.stringify(valid),
    });
    expect(json.status).toBe(415);
    expect((await formPost(app, valid, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await formPost(app, valid, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it('shares the JSON route’s rate limit and then points to the limit notice', async () => {
    const { app, send, stored } = setup();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max - 1; i += 1)
      expect((await send(valid, '198.51.100.9')).status).toBe(200);
    expect((await formPost(app, valid)).headers.get('location')).toBe('/contact#message-sent');
    const over = await formPost(app, valid);
    expect(over.status).toBe(303);
    expect(over.headers.get('location')).toBe('/contact#message-limited');
    expect(await stored()).toHaveLength(CONTACT_RATE_LIMIT.max);
  });
});
