import { Hono } from 'hono';
import { IdSchema } from '../../shared/schemas/common';
import {
  PASSKEY_MESSAGES,
  PasskeyRegisterSchema,
  PasskeyRenameSchema,
  PasskeySignInSchema,
} from '../../shared/schemas/passkey';
import { issueDeviceCookie } from '../auth/device-cookie';
import { takeChallenge, writeChallenge } from '../auth/passkey-challenge';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { AUTH_MESSAGES } from '../auth/admin-account';
import {
  finishRegistration,
  finishSignIn,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInOptions,
} from '../auth/passkeys';
import { HttpError } from '../http/errors';
import { readJson } from '../http/validate';

// /api/admin/auth/passkeys/* (docs/auth.md, "Passkeys"). Under /api/admin/auth so the challenge cookie, like the
// device cookie, is sent to these routes and nothing else. The rules live in auth/passkeys.ts.

const passkeyId = (value: string) => {
  const parsed = IdSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(404, PASSKEY_MESSAGES.notFound);
  return parsed.data;
};

export const adminPasskeyRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  // Public: the start of a passkey sign-in. The options name no account; the challenge goes into the cookie.
  .post('/sign-in/options', async (c) => {
    const options = await signInOptions(c.var.deps);
    await writeChallenge(c, { ceremony: 'sign-in', challenge: options.challenge, adminId: '' });
    return c.json({ success: true, data: options });
  })
  // Public: the signed answer. Success is the same reply as a password login (docs/product-rules.md, "Calls").
  .post('/sign-in', async (c) => {
    const { response } = await readJson(c, PasskeySignInSchema);
    const pending = await takeChallenge(c, 'sign-in');
    const { issued, adminId } = await finishSignIn(c.var.deps, pending, response);
    // A passkey is a verified sign-in, like an e-mailed approval: this browser is recognised from now on, with a
    // device record that "sign out everywhere" revokes (docs/auth.md, "New devices").
    await issueDeviceCookie(c, adminId);
    return c.json({ success: true, token: issued.token, message: AUTH_MESSAGES.loggedIn });
  })
  .get('/', requireAdmin, async (c) => c.json({ success: true, data: await listPasskeys(c.var.deps, c.var.admin) }))
  .post('/register/options', requireAdmin, async (c) => {
    const options = await registrationOptions(c.var.deps, c.var.admin);
    await writeChallenge(c, { ceremony: 'register', challenge: options.challenge, adminId: c.var.admin._id });
    return c.json({ success: true, data: options });
  })
  .post('/register', requireAdmin, async (c) => {
    const input = await readJson(c, PasskeyRegisterSchema);
    const pending = await takeChallenge(c, 'register');
    const passkey = await finishRegistration(c.var.deps, c.var.admin, pending, input);
    return c.json({ success: true, data: passkey, message: PASSKEY_MESSAGES.added }, 201);
  })
  .patch('/:id', requireAdmin, async (c) => {
    const id = passkeyId(c.req.param('id'));
    const { name } = await readJson(c, PasskeyRenameSchema);
    const passkey = await renamePasskey(c.var.deps, c.var.admin, id, name);
    return c.json({ success: true, data: passkey, message: PASSKEY_MESSAGES.renamed });
  })
  .delete('/:id', requireAdmin, async (c) => {
    await removePasskey(c.var.deps, c.var.admin, passkeyId(c.req.param('id')));
    return c.json({ success: true, message: PASSKEY_MESSAGES.removed });
  });
