import { Hono } from 'hono';
import { AUTH_MESSAGES } from '../../shared/messages';
import { ApproveDeviceSchema, DEVICE_APPROVAL_MESSAGES } from '../../shared/schemas/device-approval';
import { clearDeviceCookie, issueDeviceCookie, readDeviceCookie } from '../auth/device-cookie';
import { clientIp } from '../auth/client-ip';
import { clearPendingSignIn, readPendingSignIn } from '../auth/pending-sign-in';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { signOutEverywhere } from '../auth/admin-account';
import { approveDevice, listDevices, resendDeviceApproval } from '../auth/devices';
import { runAfterReply } from '../http/after-reply';
import { readJson } from '../http/validate';

// New devices and the device list (docs/auth.md, "New devices", "Devices and sessions"). Beyond the spec's API list on
// purpose; mounted beside routes/admin-auth.ts under the same prefix, where the device cookie is sent.

export const adminAuthDeviceRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .post('/approve-device', async (c) => {
    const { code } = await readJson(c, ApproveDeviceSchema);
    const { issued, adminId } = await approveDevice(c.var.deps, await readPendingSignIn(c), code, clientIp(c));
    clearPendingSignIn(c);
    await issueDeviceCookie(c, adminId);
    return c.json({ success: true, token: issued.token, message: AUTH_MESSAGES.loggedIn });
  })
  .post('/resend-approval', async (c) => {
    const userAgent = c.req.header('user-agent') ?? '';
    await resendDeviceApproval(c.var.deps, await readPendingSignIn(c), userAgent, runAfterReply(c));
    return c.json({ success: true, message: DEVICE_APPROVAL_MESSAGES.resent });
  })
  .get('/devices', requireAdmin, async (c) => {
    const current = await readDeviceCookie(c);
    const data = await listDevices(c.var.deps, c.var.admin._id, current?.deviceId ?? null);
    return c.json({ success: true, data });
  })
  .post('/sign-out-everywhere', requireAdmin, async (c) => {
    await signOutEverywhere(c.var.deps, {
      admin: c.var.admin,
      jti: c.var.tokenId,
      expiresAt: c.var.tokenExpiresAt,
    });
    clearDeviceCookie(c);
    return c.json({ success: true, message: DEVICE_APPROVAL_MESSAGES.signedOutEverywhere });
  });
