import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getSignedCookie, setSignedCookie } from 'hono/cookie';
import { IdSchema } from '../../shared/schemas/common';
import type { AppEnv } from '../deps';
import { AUTH_SETTINGS } from '../domain/auth-settings';

/**
 * The device cookie (docs/auth.md, "Lockout"): set on every successful sign-in, it tells the login, forgot-password
 * and verify routes that this browser has signed in to this account before, which exempts it from the per-account
 * backoff strangers trigger. It proves nothing by itself (the password is still checked), so it only needs to be
 * unforgeable (HMAC-signed), unreadable to scripts (HttpOnly), never sent cross-site (SameSite=Strict) and only sent
 * to the auth routes (Path).
 */
export const DEVICE_COOKIE_NAME = 'sg_device';
export const DEVICE_COOKIE_PATH = '/api/admin/auth';

export interface DeviceClaim {
  adminId: string;
  /** Random per browser: the key of that browser's own counters. */
  deviceId: string;
}

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** A key of its own, derived from the session secret with a label, so a device cookie never verifies as anything else. */
function cookieKey(secret: string): string {
  return createHmac('sha256', secret).update('soul-guidance device cookie v1').digest('base64url');
}

export async function readDeviceCookie(c: Context<AppEnv>): Promise<DeviceClaim | null> {
  const value = await getSignedCookie(c, cookieKey(c.var.deps.env.JWT_SECRET), DEVICE_COOKIE_NAME);
  if (typeof value !== 'string') return null;
  const [adminId = '', deviceId = '', issued = '', ...rest] = value.split(':');
  const issuedAt = Number(issued);
  if (rest.length > 0 || !IdSchema.safeParse(adminId).success || !DEVICE_ID.test(deviceId)) return null;
  if (!Number.isSafeInteger(issuedAt) || Date.now() - issuedAt > AUTH_SETTINGS.deviceCookieLifetimeMs) return null;
  return { adminId, deviceId };
}

/** Issues (or renews, keeping the browser's id) the cookie after a successful sign-in to `adminId`. */
export async function writeDeviceCookie(c: Context<AppEnv>, adminId: string, previous: DeviceClaim | null) {
  const deviceId = previous?.adminId === adminId ? previous.deviceId : randomBytes(16).toString('base64url');
  await setSignedCookie(
    c,
    DEVICE_COOKIE_NAME,
    `${adminId}:${deviceId}:${Date.now()}`,
    cookieKey(c.var.deps.env.JWT_SECRET),
    {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      // Plain http on localhost would drop a Secure cookie; production is always https.
      secure: c.var.deps.env.isProduction,
      sameSite: 'Strict',
      maxAge: Math.floor(AUTH_SETTINGS.deviceCookieLifetimeMs / 1000),
    },
  );
}
