import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS_DEFAULTS } from '../../shared/schemas/site-settings';
import { decodeMail, useSmtpServer } from '../../../tests/support/smtp';
import * as adminSession from '../../../tests/support/server/admin-session';
import { createApp } from '../app';
import { readSiteSettings } from '../domain/site-settings';
import { createEmbeddedStores } from '../stores/embedded';
import { createMailer } from './mailer';
import { hasDisplayName, senderFor, withSiteSender } from './site-sender';

// The sender's name follows the site name (docs/auth.md, "Mail sender"), read from a real mailbox.

describe('senderFor', () => {
  it('puts the site name before a bare address, and keeps a MAIL_FROM that names itself', () => {
    expect(senderFor('no-reply@example.org', 'Anaya Rao')).toEqual({
      name: 'Anaya Rao',
      address: 'no-reply@example.org',
    });
    expect(senderFor('<no-reply@example.org>', 'Anaya Rao')).toEqual({
      name: 'Anaya Rao',
      address: 'no-reply@example.org',
    });
    expect(senderFor('Studio <no-reply@example.org>', 'Anaya Rao')).toBe('Studio <no-reply@example.org>');
    expect(senderFor('no-reply@example.org', undefined)).toBe('no-reply@example.org');
    expect(senderFor('no-reply@example.org', 'A "B"\r\nBcc: x')).toEqual({
      name: 'A B Bcc: x',
      address: 'no-reply@example.org',
    });
    expect(hasDisplayName('Studio <a@b.co>')).toBe(true);
    expect(hasDisplayName('a@b.co')).toBe(false);
  });
});

describe('the reset mail’s sender', () => {
  const smtp = useSmtpServer();

  it('is the renamed site’s name, with MAIL_FROM’s address', async () => {
    const env = adminSession.createTestEnv({ MAIL_FROM: 'no-reply@soulguidance.test' });
    const stores = createEmbeddedStores(':memory:');
    const mailer = withSiteSender(
      createMailer({ SMTP_URL: smtp.url, MAIL_FROM: env.MAIL_FROM, OUTBOX_DIR: env.OUTBOX_DIR }),
      async () => (await readSiteSettings(stores)).identity.siteName,
    );
    const deps = adminSession.createTestDeps({ env, stores, mailer });
    const app = createApp(deps);
    await adminSession.createAdminSession(app);
    await stores.settings.put({
      ...SITE_SETTINGS_DEFAULTS,
      identity: { ...SITE_SETTINGS_DEFAULTS.identity, siteName: 'Anaya Rao Healing' },
    });

    const since = smtp.messages.length;
    const forgot = await app.request('/api/admin/auth/forgot-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: adminSession.DEFAULT_ADMIN.email }),
    });
    expect(forgot.status).toBe(200);
    const mail = decodeMail(
      await smtp.waitFor((m) => smtp.messages.indexOf(m) >= since && m.to.includes(adminSession.DEFAULT_ADMIN.email)),
    );
    expect(mail.headers.from).toBe('Anaya Rao Healing <no-reply@soulguidance.test>');
    expect(mail.headers.subject).toBe('Your password reset code');
    expect(`${mail.headers.from} ${mail.text} ${mail.html}`).not.toMatch(/Soul Guidance|Ishita|Astrology/);
  }, 30_000);
});
