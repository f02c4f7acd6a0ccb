import { afterEach, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../../../tests/support/smtp';
import { createApp } from '../app';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import { createMailer } from '../mail/mailer';
import { parseEnv } from '../env';
import { CONTACT_SITE_WINDOW_MS } from '../domain/contact';
import { createTestDeps, createTestEnv } from '../../../tests/support/server/admin-session';
import { CONTACT_TEST_INBOX as INBOX, contactSender, validContact as valid } from './contact.fixtures';

// Issue 20: the contact form's site-wide cap (CONTACT_HOURLY_LIMIT) and its honeypot, mailed through a real
// SMTP server on loopback (docs/auth.md, "Contact form").

let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.stop();
  smtp = undefined;
});

async function setup(cap: number) {
  smtp = await startSmtp();
  const env = createTestEnv({ CONTACT_INBOX: INBOX, CONTACT_HOURLY_LIMIT: cap });
  const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'site@soulguidance.test', OUTBOX_DIR: '/nonexistent' });
  const deps = createTestDeps({ env, mailer });
  const app = createApp(deps);
  const send = contactSender(app);
  // A form post sends text: the ticked box as `on`, as a browser does.
  const formPost = (fields: Record<string, string | boolean>, ip: string) =>
    app.request('http://localhost/api/contact/form', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        [CLIENT_IP_HEADER]: ip,
        Origin: 'http://localhost',
      },
      body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, v === true ? 'on' : String(v)])).toString(),
    });
  return { deps, send, formPost, stored: () => deps.stores.contact.list(), smtp };
}

describe('the site-wide contact cap', () => {
  it('reads CONTACT_HOURLY_LIMIT once through the env schema, 30 by default', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'j'.repeat(32), DATA_DIR: createTestEnv().DATA_DIR };
    expect(parseEnv(base).CONTACT_HOURLY_LIMIT).toBe(30);
    expect(parseEnv({ ...base, CONTACT_HOURLY_LIMIT: '5' }).CONTACT_HOURLY_LIMIT).toBe(5);
    expect(() => parseEnv({ ...base, CONTACT_HOURLY_LIMIT: '0' })).toThrow();
  });

  it('20 messages from 20 addresses over a cap of 5: exactly 5 stored and mailed, the rest 429 with Retry-After', async () => {
    const { send, stored, smtp } = await setup(5);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await send({ ...valid, name: `Visitor ${i}` }, `203.0.113.${i + 1}`);
      statuses.push(response.status);
      if (response.status === 429) {
        const retryAfter = Number(response.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(CONTACT_SITE_WINDOW_MS / 1000);
        const body = (await response.json()) as { message: string };
        expect(body.message).toBe('A lot of messages have arrived in the last hour. Please try again a little later.');
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const messages = await stored();
    expect(messages.map((m) => m.name).sort()).toEqual([
      'Visitor 0',
      'Visitor 1',
      'Visitor 2',
      'Visitor 3',
      'Visitor 4',
    ]);
    await smtp.waitFor(() => smtp.messages.length >= 5);
    // Give a sixth mail, if one were on its way, time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(5);
  });

  it('the plain form post shares the cap and lands on the limit notice; nothing is stored twice', async () => {
    const { send, formPost, stored } = await setup(2);
    expect((await send(valid, '198.51.100.1')).status).toBe(200);
    expect((await formPost(valid, '198.51.100.2')).headers.get('location')).toBe('/contact#message-sent');
    const over = await formPost(valid, '198.51.100.3');
    expect(over.status).toBe(303);
    expect(over.headers.get('location')).toBe('/contact#message-limited');
    expect((await send(valid, '198.51.100.4')).status).toBe(429);
    expect(await stored()).toHaveLength(2);
  });
});

describe('the honeypot', () => {
  it('filled: answered like a success, nothing stored, nothing mailed, and the cap is not used up', async () => {
    const { send, formPost, stored, smtp } = await setup(1);
    const json = await send({ ...valid, website: 'http://spam.example' }, '192.0.2.10');
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({
      success: true,
      message: 'Thank you for your message! I will get back to you soon.',
    });
    const form = await formPost({ ...valid, website: 'http://spam.example' }, '192.0.2.11');
    expect(form.headers.get('location')).toBe('/contact#message-sent');
    expect(await stored()).toEqual([]);
    // A person after the bots still gets through the cap of 1, and theirs is the only mail.
    expect((await send(valid, '192.0.2.12')).status).toBe(200);
    const mail = await smtp.waitFor(() => true);
    expect(mail.to).toEqual([INBOX]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(1);
    expect(await stored()).toHaveLength(1);
  });
});
