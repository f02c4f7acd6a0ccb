import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { IdSchema } from '../../shared/schemas/common';
import type { AppEnv } from '../deps';
import type { PendingSignIn } from './devices';
import { AUTH_SETTINGS } from './settings';
import { cookieKey, cookieOptions, DEVICE_COOKIE_PATH } from './device-cookie';

/**
 * The pending sign-in of a new browser (docs/auth.md, "New devices"): the secret that binds the e-mailed approval to
 * the browser that typed the password. HttpOnly and SameSite=Strict like the device cookie, and it lives only as long
 * as the approval. A link opened in another browser finds no such cookie there, so it signs nobody in.
 */
const PENDING_COOKIE_NAME = 'sg_signin';
const LABEL = 'soul-guidance pending sign-in v1';
const SECRET = /^[A-Za-z0-9_-]{32}$/;

export async function setPendingSignIn(c: Context<AppEnv>, pending: PendingSignIn): Promise<void> {
  await setSignedCookie(
    c,
    PENDING_COOKIE_NAME,
    `${pending.adminId}:${pending.secret}`,
    cookieKey(c.var.deps.env.JWT_SECRET, LABEL),
    cookieOptions(c, AUTH_SETTINGS.deviceApprovalLifetimeMs),
  );
}

export async function readPendingSignIn(c: Context<AppEnv>): Promise<PendingSignIn | null> {
  const value = await getSignedCookie(c, cookieKey(c.var.deps.env.JWT_SECRET, LABEL), PENDING_COOKIE_NAME);
  if (typeof value !== 'string') return null;
  const [adminId = '', secret = '', ...rest] = value.split(':');
  if (rest.length > 0 || !IdSchema.safeParse(adminId).success || !SECRET.test(secret)) return null;
  return { adminId, secret };
}

export function clearPendingSignIn(c: Context<AppEnv>): void {
  deleteCookie(c, PENDING_COOKIE_NAME, { path: DEVICE_COOKIE_PATH, secure: c.var.deps.env.isProduction });
}
