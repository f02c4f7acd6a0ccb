import { Hono } from 'hono';
import type { SessionRefreshReply } from '../../shared/schemas/session-refresh';
import { bearerToken, requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { HttpError } from '../http/errors';
import { AUTH_MESSAGES } from '../auth/admin-account';
import { renewSession } from '../auth/refresh';
import { markDeviceSeen } from '../auth/devices';
import { readDeviceCookie } from '../auth/device-cookie';

// POST /api/admin/auth/refresh: the portal's sliding session (docs/auth.md, "Sliding sessions"). Beyond the spec's
// API list on purpose; mounted beside routes/admin-auth.ts under the same prefix.

export const adminAuthRefreshRoutes = new Hono<AppEnv>().post('/refresh', requireAdmin, async (c) => {
  c.header('Cache-Control', 'no-store');
  const token = bearerToken(c);
  if (!token) throw new HttpError(401, AUTH_MESSAGES.authRequired);
  const result = await renewSession(c.var.deps, c.var.admin, token);
  // The device list's "last seen" moves while the practitioner works (the device cookie is sent here too).
  const device = await readDeviceCookie(c);
  if (device) await markDeviceSeen(c.var.deps, device.deviceId);
  const expiresAt = result.expiresAt.toISOString();
  const reply: SessionRefreshReply = result.renewed
    ? { success: true, renewed: true, token: result.token, expiresAt }
    : { success: true, renewed: false, expiresAt };
  return c.json(reply);
});
