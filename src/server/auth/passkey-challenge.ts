import { createHmac } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import type { AppEnv } from '../deps';
import { AUTH_SETTINGS } from './settings';
import { DEVICE_COOKIE_PATH } from './device-cookie';

/**
 * The WebAuthn challenge of a ceremony under way (docs/auth.md, "Passkeys"). The server picks it, and keeps it in a
 * short-lived cookie signed with a key derived from JWT_SECRET, bound to this browser (HttpOnly, SameSite=Strict,
 * only sent to the auth routes) and to the ceremony (sign-in or registration, and for a registration the admin).
 * Nothing is stored until the answer comes back; then the challenge is claimed once in the token store, so the same
 * signed answer never works twice, on any serverless instance.
 */
export const CHALLENGE_COOKIE_NAME = 'sg_webauthn';
/** Long enough to pick a passkey and touch the key; the browser's own timeout is the same. */
const CHALLENGE_LIFETIME_MS = AUTH_SETTINGS.passkeyChallengeLifetimeMs;

export type Ceremony = 'sign-in' | 'register';

export interface PendingChallenge {
  ceremony: Ceremony;
  challenge: string;
  /** The admin registering a passkey; '' for a sign-in, where nobody is known yet. */
  adminId: string;
  expiresAt: Date;
}

function cookieKey(secret: string): string {
  return createHmac('sha256', secret).update('soul-guidance webauthn challenge v1').digest('base64url');
}

export async function writeChallenge(c: Context<AppEnv>, pending: Omit<PendingChallenge, 'expiresAt'>) {
  const expiresAt = Date.now() + CHALLENGE_LIFETIME_MS;
  await setSignedCookie(
    c,
    CHALLENGE_COOKIE_NAME,
    `${pending.ceremony}:${pending.challenge}:${pending.adminId}:${expiresAt}`,
    cookieKey(c.var.deps.env.JWT_SECRET),
    {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      secure: c.var.deps.env.isProduction,
      sameSite: 'Strict',
      maxAge: Math.floor(CHALLENGE_LIFETIME_MS / 1000),
    },
  );
}

/**
 * The pending challenge of `ceremony`, or null when there is none, it is forged, expired or of the other ceremony.
 * The cookie is cleared either way: a challenge serves one answer.
 */
export async function takeChallenge(c: Context<AppEnv>, ceremony: Ceremony): Promise<PendingChallenge | null> {
  const value = await getSignedCookie(c, cookieKey(c.var.deps.env.JWT_SECRET), CHALLENGE_COOKIE_NAME);
  deleteCookie(c, CHALLENGE_COOKIE_NAME, { path: DEVICE_COOKIE_PATH, secure: c.var.deps.env.isProduction });
  if (typeof value !== 'string') return null;
  const [kind = '', challenge = '', adminId = '', expires = '', ...rest] = value.split(':');
  const expiresAt = Number(expires);
  if (rest.length > 0 || kind !== ceremony || !/^[A-Za-z0-9_-]{16,128}$/.test(challenge)) return null;
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= Date.now()) return null;
  return { ceremony, challenge, adminId, expiresAt: new Date(expiresAt) };
}
