import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { IdSchema } from '../../shared/schemas/common';
import type { AppEnv } from '../deps';
import { rateLimitKeys } from './rate-limits';
import { AUTH_SETTINGS } from './settings';

/**
 * The device cookie (docs/auth.md, "New devices"): set once a browser has been approved for the account (by the
 * e-mailed approval, a reset code, creating the first admin, or a passkey), it lets a correct password open a session
 * there without another approval, and keeps that browser on its own login counter. The cookie is only half of it:
 * it counts while the server still holds its record (stores.devices), so "Sign out everywhere", a password change and
 * a reset revoke every copy, stolen ones included. It is HMAC-signed, HttpOnly, SameSite=Strict and only sent to the
 * auth routes (Path).
 */
export const DEVICE_COOKIE_NAME = 'sg_device';
export const DEVICE_COOKIE_PATH = '/api/admin/auth';

export interface DeviceClaim {
  adminId: string;
  /** Random per browser: the key of that browser's own counters and of its record in stores.devices. */
  deviceId: string;
}

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
/** User agents are kept only to label the device list; a longer one is cut. */
const MAX_USER_AGENT = 400;

/** A key of its own, derived from the session secret with a label, so a device cookie never verifies as anything else. */
export function cookieKey(secret: string, label = 'soul-guidance device cookie v1'): string {
  return createHmac('sha256', secret).update(label).digest('base64url');
}

export function cookieOptions(c: Context<AppEnv>, maxAgeMs: number) {
  return {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    // Plain http on localhost would drop a Secure cookie; production is always https.
    secure: c.var.deps.env.isProduction,
    sameSite: 'Strict',
    maxAge: Math.floor(maxAgeMs / 1000),
  } as const;
}

/** The cookie's claim when its signature and shape are good; says nothing yet about the server-side record. */
async function readSignedClaim(c: Context<AppEnv>): Promise<DeviceClaim | null> {
  const value = await getSignedCookie(c, cookieKey(c.var.deps.env.JWT_SECRET), DEVICE_COOKIE_NAME);
  if (typeof value !== 'string') return null;
  const [adminId = '', deviceId = '', issued = '', ...rest] = value.split(':');
  const issuedAt = Number(issued);
  if (rest.length > 0 || !IdSchema.safeParse(adminId).success || !DEVICE_ID.test(deviceId)) return null;
  if (!Number.isSafeInteger(issuedAt) || Date.now() - issuedAt > AUTH_SETTINGS.deviceCookieLifetimeMs) return null;
  return { adminId, deviceId };
}

/**
 * The browser's device claim when the cookie is genuine AND its record is still held for the same account; a cookie
 * whose record was revoked (sign out everywhere, password change, reset) or expired is worth nothing.
 */
export async function readDeviceCookie(c: Context<AppEnv>): Promise<DeviceClaim | null> {
  const claim = await readSignedClaim(c);
  if (!claim) return null;
  const record = await c.var.deps.stores.devices.get(claim.deviceId);
  return record?.adminId === claim.adminId ? claim : null;
}

/**
 * Trusts this browser for `adminId`: stores (or renews) its record and sets the cookie. Call it only once the browser
 * has proved more than the password (an approval, a reset code, the first-admin setup, a passkey). A browser that
 * already holds a live record for this admin keeps its id and its "first seen".
 */
export async function issueDeviceCookie(c: Context<AppEnv>, adminId: string): Promise<void> {
  const { stores, env } = c.var.deps;
  const claim = await readSignedClaim(c);
  const existing = claim?.adminId === adminId ? await stores.devices.get(claim.deviceId) : null;
  const reuse = existing?.adminId === adminId ? existing : null;
  const deviceId = reuse?._id ?? randomBytes(16).toString('base64url');
  const now = new Date();
  await stores.devices.put({
    _id: deviceId,
    adminId,
    userAgent: (c.req.header('user-agent') ?? '').slice(0, MAX_USER_AGENT),
    createdAt: reuse?.createdAt ?? now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + AUTH_SETTINGS.deviceCookieLifetimeMs),
  });
  // An approval proves more than the password: the browser's own failed-login count starts again.
  await stores.rateLimits.reset(rateLimitKeys.loginDevice(deviceId));
  await setSignedCookie(
    c,
    DEVICE_COOKIE_NAME,
    `${adminId}:${deviceId}:${now.getTime()}`,
    cookieKey(env.JWT_SECRET),
    cookieOptions(c, AUTH_SETTINGS.deviceCookieLifetimeMs),
  );
}

/** Removes the cookie from this browser (its record is revoked by the caller). */
export function clearDeviceCookie(c: Context<AppEnv>): void {
  deleteCookie(c, DEVICE_COOKIE_NAME, { path: DEVICE_COOKIE_PATH, secure: c.var.deps.env.isProduction });
}
