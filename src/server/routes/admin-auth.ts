import { Hono, type Context } from 'hono';
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  InitAdminSchema,
  LoginSchema,
  ResetPasswordSchema,
  VerifyResetOtpSchema,
} from '../../shared/schemas/auth';
import { clientIp } from '../auth/client-ip';
import { issueDeviceCookie, readDeviceCookie } from '../auth/device-cookie';
import { setPendingSignIn } from '../auth/pending-sign-in';
import { DEVICE_APPROVAL_MESSAGES, type ApprovalRequiredReply } from '../../shared/schemas/device-approval';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { runAfterReply } from '../http/after-reply';
import { readJson } from '../http/validate';
import {
  adminAuthStatus,
  AUTH_MESSAGES,
  changeEmail,
  changePassword,
  initFirstAdmin,
  login,
  logout,
  publicAdmin,
  requestPasswordReset,
  resetPassword,
  verifyResetOtp,
  type Client,
} from '../auth/admin-account';

// /api/admin/auth/* (docs/product-rules.md, "Calls", "Admin authentication"). The rules live in auth/admin-account.ts.

async function client(c: Context<AppEnv>): Promise<Client> {
  return { ip: clientIp(c), device: await readDeviceCookie(c), userAgent: c.req.header('user-agent') ?? '' };
}

/** The signed-in session a `requireAdmin` route runs under. */
function session(c: Context<AppEnv>) {
  return { admin: c.var.admin, jti: c.var.tokenId, expiresAt: c.var.tokenExpiresAt };
}

export const adminAuthRoutes = new Hono<AppEnv>()
  // Replies here carry tokens and account details: never let a browser or proxy keep them.
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  // Public: the login page asks whether to offer the first-admin form (and a setup-code field). Nothing else is told.
  .get('/status', async (c) => c.json({ success: true, data: await adminAuthStatus(c.var.deps) }))
  .post('/init', async (c) => {
    const input = await readJson(c, InitAdminSchema);
    const { issued, adminId } = await initFirstAdmin(c.var.deps, input, await client(c));
    await issueDeviceCookie(c, adminId);
    return c.json({ success: true, token: issued.token, message: AUTH_MESSAGES.adminCreated }, 201);
  })
  .post('/login', async (c) => {
    const input = await readJson(c, LoginSchema);
    const who = await client(c);
    const result = await login(c.var.deps, input, who, runAfterReply(c));
    if ('approvalRequired' in result) {
      // A correct password from a browser this account does not trust: no token until the e-mailed approval.
      await setPendingSignIn(c, result.approvalRequired);
      const reply: ApprovalRequiredReply = {
        success: false,
        verificationRequired: true,
        message: DEVICE_APPROVAL_MESSAGES.required,
      };
      return c.json(reply, 202);
    }
    await issueDeviceCookie(c, result.adminId);
    return c.json({ success: true, token: result.issued.token, message: AUTH_MESSAGES.loggedIn });
  })
  .post('/forgot-password', async (c) => {
    const { email } = await readJson(c, ForgotPasswordSchema);
    await requestPasswordReset(c.var.deps, email, await client(c), runAfterReply(c));
    return c.json({ success: true, message: AUTH_MESSAGES.otpSent });
  })
  .post('/verify-reset-otp', async (c) => {
    const { email, otp } = await readJson(c, VerifyResetOtpSchema);
    const { token } = await verifyResetOtp(c.var.deps, email, otp, await client(c));
    return c.json({ success: true, resetToken: token, message: AUTH_MESSAGES.otpVerified });
  })
  .post('/reset-password', async (c) => {
    const { resetToken, newPassword } = await readJson(c, ResetPasswordSchema);
    const adminId = await resetPassword(c.var.deps, resetToken, newPassword);
    // The reset proved the mailbox, as an approval does: this browser is trusted again (every other one is not).
    await issueDeviceCookie(c, adminId);
    return c.json({ success: true, message: AUTH_MESSAGES.passwordReset });
  })
  .get('/verify', requireAdmin, (c) => c.json({ success: true }))
  .get('/profile', requireAdmin, (c) => c.json({ success: true, data: publicAdmin(c.var.admin) }))
  .put('/change-email', requireAdmin, async (c) => {
    const input = await readJson(c, ChangeEmailSchema);
    const updated = await changeEmail(c.var.deps, session(c), input);
    return c.json({ success: true, data: publicAdmin(updated), message: AUTH_MESSAGES.emailUpdated });
  })
  .put('/change-password', requireAdmin, async (c) => {
    const input = await readJson(c, ChangePasswordSchema);
    await changePassword(c.var.deps, session(c), input);
    // The change revoked every trusted browser; the one that made it stays trusted.
    await issueDeviceCookie(c, c.var.admin._id);
    return c.json({ success: true, message: AUTH_MESSAGES.passwordUpdated });
  })
  .post('/logout', requireAdmin, async (c) => {
    await logout(c.var.deps, session(c));
    return c.json({ success: true, message: AUTH_MESSAGES.loggedOut });
  });
