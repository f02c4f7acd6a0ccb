import { createHash, randomBytes } from 'node:crypto';
import { describeUserAgent } from './user-agent';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import { deviceApprovalMail } from '../mail/device-approval';
import type { AdminRecord } from '../stores/types';
import type { RunAfterReply, SignedIn } from './admin-account';
import { sendQuietly, startSession } from './admin-account';
import { generateOtp, hashOtp, otpMatches } from './otp';
import { rateLimitKeys, takeSlotIfOpen, takeSlots } from './rate-limits';
import { AUTH_SETTINGS } from './settings';
import { DEVICE_APPROVAL_MESSAGES, type DeviceSummary } from '../../shared/schemas/device-approval';

// New-device approval (docs/auth.md, "New devices"): a correct password from a browser the account does not trust
// yet opens nothing by itself. It starts a pending sign-in, held by that browser alone (a random secret in an
// HttpOnly cookie, see auth/pending-sign-in.ts), and mails the owner a code and a link; the code completes the sign-in
// only when that same browser sends it.

/** What the pending-sign-in cookie carries. The secret never leaves that browser except as this cookie. */
export interface PendingSignIn {
  adminId: string;
  secret: string;
}

/** The stored code lives under a hash of the secret: the database alone cannot complete anyone's sign-in. */
function pendingKey(pending: PendingSignIn): string {
  const digest = createHash('sha256').update(pending.secret).digest('hex');
  return `signin:${pending.adminId}:${digest}`;
}

const approvalMailAccountKey = (adminId: string) => `auth:approval-mail:account:${adminId}`;
const approvalMailSignInKey = (key: string) => `auth:approval-mail:${key}`;

async function mailCode(
  deps: AppDeps,
  admin: AdminRecord,
  pending: PendingSignIn,
  userAgent: string,
  runAfterReply: RunAfterReply,
): Promise<void> {
  const key = pendingKey(pending);
  const code = generateOtp();
  const now = Date.now();
  // put() replaces an earlier code of this sign-in: after a resend only the newest code works.
  await deps.stores.otps.put({
    email: key,
    codeHash: hashOtp(deps.env.JWT_SECRET, key, code),
    attempts: 0,
    createdAt: new Date(now),
    expiresAt: new Date(now + AUTH_SETTINGS.deviceApprovalLifetimeMs),
  });
  const link = new URL('/admin/login', deps.env.SITE_URL);
  link.searchParams.set('approve', code);
  const mail = deviceApprovalMail({
    to: admin.email,
    code,
    link: link.href,
    browser: describeUserAgent(userAgent),
    lifetimeMinutes: AUTH_SETTINGS.deviceApprovalLifetimeMs / 60_000,
  });
  runAfterReply(() => sendQuietly(deps, mail, 'New device approval'));
}

/** Called by login() once the password is right and the browser is not trusted: starts a pending sign-in. */
export async function startDeviceApproval(
  deps: AppDeps,
  admin: AdminRecord,
  userAgent: string,
  runAfterReply: RunAfterReply,
): Promise<PendingSignIn> {
  const { rateLimits } = deps.stores;
  await takeSlotIfOpen(rateLimits, approvalMailAccountKey(admin._id), AUTH_SETTINGS.limits.approvalMailPerAccount);
  const pending: PendingSignIn = { adminId: admin._id, secret: randomBytes(24).toString('base64url') };
  await takeSlots(rateLimits, [
    { key: approvalMailSignInKey(pendingKey(pending)), limit: AUTH_SETTINGS.limits.approvalMailPerSignIn },
  ]);
  await mailCode(deps, admin, pending, userAgent, runAfterReply);
  return pending;
}

const expired = () => new Refusal('invalid', DEVICE_APPROVAL_MESSAGES.expired);

/** This browser's pending sign-in and its code record; without either, the sign-in has expired. */
async function pendingCode(deps: AppDeps, pending: PendingSignIn | null) {
  if (!pending) throw expired();
  const key = pendingKey(pending);
  const record = await deps.stores.otps.get(key);
  if (!record) throw expired();
  return { signIn: pending, key, record };
}

/** "Send a new code": only the browser holding the pending sign-in can ask, a few times per sign-in. */
export async function resendDeviceApproval(
  deps: AppDeps,
  pending: PendingSignIn | null,
  userAgent: string,
  runAfterReply: RunAfterReply,
): Promise<void> {
  const { stores } = deps;
  const { signIn, key } = await pendingCode(deps, pending);
  const admin = await stores.admins.get(signIn.adminId);
  if (!admin) throw expired();
  await takeSlotIfOpen(stores.rateLimits, approvalMailSignInKey(key), AUTH_SETTINGS.limits.approvalMailPerSignIn);
  await takeSlotIfOpen(
    stores.rateLimits,
    approvalMailAccountKey(admin._id),
    AUTH_SETTINGS.limits.approvalMailPerAccount,
  );
  await mailCode(deps, admin, signIn, userAgent, runAfterReply);
}

/**
 * Completes the pending sign-in of this browser with the e-mailed code. Wrong codes count against this pending
 * sign-in only (5 and it is gone): whoever guesses can only burn their own, never the owner's. Single use, also under
 * concurrent requests (the claim).
 */
export async function approveDevice(
  deps: AppDeps,
  pending: PendingSignIn | null,
  code: string,
  ip: string,
): Promise<SignedIn> {
  const { stores } = deps;
  const { signIn, key, record } = await pendingCode(deps, pending);
  if (record.expiresAt.getTime() <= Date.now()) throw expired();
  // Count the attempt before comparing, so concurrent guesses cannot all slip in under the limit.
  const attempts = await stores.otps.incrementAttempts(key);
  if (attempts > AUTH_SETTINGS.otpMaxAttempts) {
    await stores.otps.delete(key);
    throw expired();
  }
  if (!otpMatches(deps.env.JWT_SECRET, key, code, record.codeHash)) {
    if (attempts >= AUTH_SETTINGS.otpMaxAttempts) {
      await stores.otps.delete(key);
      throw new Refusal('invalid', DEVICE_APPROVAL_MESSAGES.tooManyWrong, {
        code: DEVICE_APPROVAL_MESSAGES.tooManyWrong,
      });
    }
    throw new Refusal('invalid', DEVICE_APPROVAL_MESSAGES.wrongCode, { code: DEVICE_APPROVAL_MESSAGES.wrongCode });
  }
  if (!(await stores.tokens.claimOnce(key, record.expiresAt))) throw expired();
  await stores.otps.delete(key);
  const admin = await stores.admins.get(signIn.adminId);
  if (!admin) throw expired();
  // The mailbox is proved: the login try this sign-in kept on the address is given back, and the account's count of
  // approval mails starts again (only someone who reads that mailbox can get here).
  await stores.rateLimits.reset(rateLimitKeys.loginIp(ip));
  await stores.rateLimits.reset(approvalMailAccountKey(admin._id));
  return { issued: await startSession(deps, admin), adminId: admin._id };
}

export async function listDevices(deps: AppDeps, adminId: string, currentId: string | null): Promise<DeviceSummary[]> {
  const records = await deps.stores.devices.listByAdmin(adminId);
  return records.map((record) => ({
    id: record._id,
    browser: describeUserAgent(record.userAgent),
    firstSeen: record.createdAt.toISOString(),
    lastSeen: record.lastSeenAt.toISOString(),
    current: record._id === currentId,
  }));
}

/** Moves a trusted browser's "last seen" (on sign-in and session renewal), at most once a minute. */
export async function markDeviceSeen(deps: AppDeps, deviceId: string): Promise<void> {
  const record = await deps.stores.devices.get(deviceId);
  if (!record || Date.now() - record.lastSeenAt.getTime() < 60_000) return;
  const now = new Date();
  await deps.stores.devices.touch(deviceId, now, new Date(now.getTime() + AUTH_SETTINGS.deviceCookieLifetimeMs));
}
