// What the admin-auth route tests share: the real app over fresh test deps, with the default admin signed in.
import { createApp } from '../app';
import { createMailer } from '../mail/mailer';
import { createAdminSession, createTestDeps, createTestEnv } from '../../../tests/support/server/admin-session';

export type App = ReturnType<typeof createApp>;

export async function ready(overrides: Parameters<typeof createTestDeps>[0] = {}) {
  const deps = createTestDeps(overrides);
  const app = createApp(deps);
  const session = await createAdminSession(app);
  return { deps, app, session };
}

/** As `ready`, with mail sent for real: through the SMTP server at `smtpUrl`, or without one into the outbox. */
export async function readyWithMail(smtpUrl: string | undefined) {
  const env = createTestEnv();
  const mailer = createMailer({ SMTP_URL: smtpUrl, MAIL_FROM: env.MAIL_FROM, OUTBOX_DIR: env.OUTBOX_DIR });
  return { env, ...(await ready({ env, mailer })) };
}
