import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES } from '../../shared/messages';
import type { AdminAuthStatus, AdminPublic, ChangeEmailInput, ChangePasswordInput } from '../../shared/schemas/auth';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import { emailChangedMail, otpMail, passwordChangedMail } from '../mail/templates';
import type { MailMessage } from '../mail/types';
import { DuplicateKeyError, type AdminRecord } from '../stores/types';
import { generateOtp, hashOtp, otpMatches } from './otp';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import type { DeviceClaim } from './device-cookie';
import { clearSlots, isUnderLimit, normaliseIdentifier, rateLimitKeys, takeSlotIfOpen, takeSlots } from './rate-limits';
import { AUTH_SETTINGS, effectiveAuthSettings } from './settings';
import { startDeviceApproval, type PendingSignIn } from './devices';
import { signToken, verifyToken, type IssuedToken } from './tokens';

// The admin account's rules. Handlers in routes/admin-auth.ts only read input and shape replies.

export { AUTH_MESSAGES };

export interface Session {
  admin: AdminRecord;
  jti: string;
  expiresAt: Date;
}

/** Who is asking: the client address and the browser's device cookie, when it carries a valid one. */
export interface Client {
  ip: string;
  device: DeviceClaim | null;
  /** The User-Agent header, only to name the browser in the approval mail and the device list. */
  userAgent: string;
}

/** Runs a task after the reply has gone out (the route supplies Netlify's waitUntil or a local background task). */
export type RunAfterReply = (task: () => Promise<unknown>) => void;

/** The device claim when it belongs to `admin`, else null. */
function trustedDevice(client: Client, admin: AdminRecord | null): DeviceClaim | null {
  return admin && client.device?.adminId === admin._id ? client.device : null;
}

/**
 * Reset codes asked for from the owner's trusted browser are stored under their own key, so a stranger asking for a
 * code for the same address (or guessing at it) neither replaces nor burns the owner's code.
 */
const deviceOtpKey = (deviceId: string, email: string) => `device:${deviceId}:${email.toLowerCase()}`;

export function publicAdmin(admin: AdminRecord): AdminPublic {
  return { username: admin.username, email: admin.email, role: admin.role, lastLogin: admin.lastLogin };
}

/**
 * After a password change the session that made it stays signed in while every other one ends. The admin's
 * tokenVersion is raised (ending all sessions), and this record names the one session carried over to the new
 * version. A later reset raises the version again, which ends the carried session too.
 */
interface CarriedSession {
  jti: string;
  tokenVersion: number;
}
const carriedSessionKey = (adminId: string) => `auth:carried-session:${adminId}`;

/** The admin behind a Bearer session token, or null: bad signature, wrong kind, expired, revoked or outdated. */
export async function authenticate(deps: AppDeps, token: string): Promise<Session | null> {
  const claims = verifyToken(deps.env.JWT_SECRET, token, 'session');
  if (!claims) return null;
  const admin = await deps.stores.admins.get(claims.adminId);
  if (!admin) return null;
  if (claims.tokenVersion !== admin.tokenVersion) {
    const carried = await deps.stores.meta.get<CarriedSession>(carriedSessionKey(admin._id));
    if (carried?.jti !== claims.jti || carried.tokenVersion !== admin.tokenVersion) return null;
  }
  if (await deps.stores.tokens.isRevoked(claims.jti)) return null;
  return { admin, jti: claims.jti, expiresAt: claims.expiresAt };
}

export async function sendQuietly(deps: AppDeps, message: MailMessage, purpose: string): Promise<boolean> {
  try {
    await deps.mailer.send(message);
    return true;
  } catch (error) {
    // The error's name and code only: transport messages can echo addresses or server replies.
    const code = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : '';
    console.warn(`[auth] ${purpose} mail could not be sent: ${error instanceof Error ? error.name : 'Error'}${code}`);
    return false;
  }
}

/** A new session for `admin` (a password or a passkey sign-in, or the first admin). */
export async function startSession(deps: AppDeps, admin: AdminRecord): Promise<IssuedToken> {
  const issued = signToken(deps.env.JWT_SECRET, 'session', admin);
  await deps.stores.admins.update(admin._id, { lastLogin: new Date().toISOString() });
  return issued;
}

/** What the login page may know before anyone signs in: whether to offer the first-admin form, and with a code. */
export async function adminAuthStatus(deps: AppDeps): Promise<AdminAuthStatus> {
  return { adminExists: (await deps.stores.admins.count()) > 0, setupCodeRequired: deps.env.isDeployed };
}

/** Equal-length digests compared in constant time, so the reply time says nothing about how much of a guess matched. */
function setupCodeMatches(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value.normalize('NFC'), 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * A fresh deploy is public before its owner signs in, so there the first admin also needs ADMIN_SETUP_CODE
 * (docs/auth.md). Under `npm start` and in tests the machine's owner is the only visitor, and no code is asked.
 * Every try takes a slot of its address's budget before the code is compared, so concurrent guesses cannot slip
 * past the limit.
 */
async function checkSetupCode(deps: AppDeps, given: string | undefined, client: Client): Promise<void> {
  if (!deps.env.isDeployed) return;
  const expected = deps.env.ADMIN_SETUP_CODE;
  if (!expected) {
    throw new Refusal('forbidden', AUTH_MESSAGES.setupCodeMissing, { setupCode: AUTH_MESSAGES.setupCodeMissing });
  }
  const key = rateLimitKeys.setupCodeIp(client.ip);
  await takeSlotIfOpen(deps.stores.rateLimits, key, AUTH_SETTINGS.limits.setupCodePerIp);
  if (!setupCodeMatches(expected, given ?? '')) {
    throw new Refusal('forbidden', AUTH_MESSAGES.setupCodeWrong, { setupCode: AUTH_MESSAGES.setupCodeWrong });
  }
}

export interface SignedIn {
  issued: IssuedToken;
  adminId: string;
}

export async function initFirstAdmin(
  deps: AppDeps,
  input: { username: string; email: string; password: string; setupCode?: string | undefined },
  client: Client,
): Promise<SignedIn> {
  // Cheap refusal first, so a finished install does not spend a bcrypt hash on every stray call.
  if ((await deps.stores.admins.count()) > 0) throw new Refusal('forbidden', AUTH_MESSAGES.adminExists);
  await checkSetupCode(deps, input.setupCode, client);
  const { bcryptCost } = effectiveAuthSettings(deps.auth);
  const passwordHash = await hashPassword(input.password, bcryptCost);
  // createFirst is the atomic step: of any number of concurrent calls, exactly one gets a record.
  const admin = await deps.stores.admins.createFirst({
    username: input.username,
    email: input.email,
    role: 'admin',
    passwordHash,
  });
  if (!admin) throw new Refusal('forbidden', AUTH_MESSAGES.adminExists);
  return { issued: await startSession(deps, admin), adminId: admin._id };
}

/** A correct password from a browser the account does not trust yet: the sign-in waits for the e-mailed approval. */
export interface ApprovalRequired {
  approvalRequired: PendingSignIn;
}

/**
 * Sign-in (docs/auth.md, "New devices" and "Lockout"). A browser with a live device record for this account is
 * counted only on its own counter, and a correct password opens a session there. Everyone else is counted per client
 * address only (taken before the password is checked, so a burst cannot slip in under the limit); there is no
 * per-account counter a stranger could hold shut, because a correct password from an unknown browser opens nothing by
 * itself: it sends the owner an approval mail (auth/devices.ts).
 */
export async function login(
  deps: AppDeps,
  input: { username: string; password: string },
  client: Client,
  runAfterReply: RunAfterReply,
): Promise<SignedIn | ApprovalRequired> {
  const { stores } = deps;
  const { bcryptCost } = effectiveAuthSettings(deps.auth);
  const admin = await stores.admins.findByLogin(normaliseIdentifier(input.username));
  let device = trustedDevice(client, admin);
  const deviceKey = device ? rateLimitKeys.loginDevice(device.deviceId) : null;
  const ipKey = rateLimitKeys.loginIp(client.ip);
  let counted: string[];
  if (deviceKey && (await isUnderLimit(stores.rateLimits, deviceKey, AUTH_SETTINGS.limits.loginPerDevice))) {
    await takeSlots(stores.rateLimits, [{ key: deviceKey, limit: AUTH_SETTINGS.limits.loginPerDevice }]);
    counted = [deviceKey];
  } else {
    // A trusted browser that failed too often (a stolen cookie, say) is a stranger again: counted per address, and
    // a correct password from it needs the e-mailed approval.
    device = null;
    await takeSlotIfOpen(stores.rateLimits, ipKey, AUTH_SETTINGS.limits.loginPerIp);
    counted = [ipKey];
  }
  const valid = admin
    ? await verifyPassword(input.password, admin.passwordHash)
    : await verifyAgainstDummy(input.password, bcryptCost);
  if (!admin || !valid) throw new Refusal('unauthenticated', AUTH_MESSAGES.invalidLogin);

  if (needsRehash(admin.passwordHash, bcryptCost)) {
    await stores.admins.update(admin._id, { passwordHash: await hashPassword(input.password, bcryptCost) });
  }
  if (!device) {
    // The address keeps the slot this attempt took: every approval mail costs that address one of its tries, so the
    // password alone cannot be used to flood the owner's mailbox from one place.
    const pending = await startDeviceApproval(deps, admin, client.userAgent, runAfterReply);
    return { approvalRequired: pending };
  }
  await clearSlots(stores.rateLimits, counted);
  return { issued: await startSession(deps, admin), adminId: admin._id };
}

export async function logout(deps: AppDeps, session: { jti: string; expiresAt: Date }): Promise<void> {
  await deps.stores.tokens.revoke(session.jti, session.expiresAt);
}

/**
 * Sends a reset code when the address belongs to an admin. The caller sees the same reply, after the same minimum
 * time, either way: the mail goes out after the reply (`runAfterReply`), so neither a registered address nor a slow
 * mail server shows in the reply time. The owner's trusted browser has its own mail budget and its own code, so
 * strangers asking for codes cannot use up the owner's reset.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  email: string,
  client: Client,
  runAfterReply: RunAfterReply,
): Promise<void> {
  const started = performance.now();
  const { stores } = deps;
  const { forgotPasswordMinMs } = effectiveAuthSettings(deps.auth);
  await takeSlotIfOpen(stores.rateLimits, rateLimitKeys.otpSendIp(client.ip), AUTH_SETTINGS.limits.otpSendPerIp);
  const admin = await stores.admins.findByEmail(email);
  const device = trustedDevice(client, admin);
  if (device) {
    const key = rateLimitKeys.otpSendDevice(device.deviceId);
    await takeSlotIfOpen(stores.rateLimits, key, AUTH_SETTINGS.limits.otpSendPerDevice);
  } else {
    const key = rateLimitKeys.otpSendEmail(email);
    await takeSlotIfOpen(stores.rateLimits, key, AUTH_SETTINGS.limits.otpSendPerEmail);
  }
  if (admin) {
    const code = generateOtp();
    const now = Date.now();
    const otpKey = device ? deviceOtpKey(device.deviceId, admin.email) : admin.email;
    // put() replaces any earlier code under this key: only the newest one works.
    await stores.otps.put({
      email: otpKey,
      codeHash: hashOtp(deps.env.JWT_SECRET, otpKey, code),
      attempts: 0,
      createdAt: new Date(now),
      expiresAt: new Date(now + AUTH_SETTINGS.otpLifetimeMs),
    });
    const mail = otpMail({ to: admin.email, code, lifetimeMinutes: AUTH_SETTINGS.otpLifetimeMs / 60_000 });
    runAfterReply(() => sendQuietly(deps, mail, 'Password reset code'));
  }
  const remaining = forgotPasswordMinMs - (performance.now() - started);
  if (remaining > 0) await sleep(remaining);
}

/** Checks a reset code and trades it for a single-use reset token. */
export async function verifyResetOtp(deps: AppDeps, email: string, otp: string, client: Client): Promise<IssuedToken> {
  const { stores } = deps;
  await takeSlotIfOpen(stores.rateLimits, rateLimitKeys.otpCheckIp(client.ip), AUTH_SETTINGS.limits.otpCheckPerIp);
  const invalid = new Refusal('invalid', AUTH_MESSAGES.invalidOtp);
  const admin = await stores.admins.findByEmail(email);
  const device = trustedDevice(client, admin);
  // The owner's browser checks its own code first, and the code of an earlier request from elsewhere second.
  const deviceKey = device ? deviceOtpKey(device.deviceId, email) : null;
  const deviceRecord = deviceKey ? await stores.otps.get(deviceKey) : null;
  const otpKey = deviceKey && deviceRecord ? deviceKey : email;
  const record = deviceKey && deviceRecord ? deviceRecord : await stores.otps.get(email);
  if (!record || record.expiresAt.getTime() <= Date.now()) throw invalid;
  // Count the attempt before comparing, so concurrent guesses cannot all slip in under the limit.
  const attempts = await stores.otps.incrementAttempts(otpKey);
  if (attempts > AUTH_SETTINGS.otpMaxAttempts || attempts === 0) {
    await stores.otps.delete(otpKey);
    throw invalid;
  }
  if (!otpMatches(deps.env.JWT_SECRET, otpKey, otp, record.codeHash)) {
    if (attempts >= AUTH_SETTINGS.otpMaxAttempts) await stores.otps.delete(otpKey);
    throw invalid;
  }
  // Two concurrent requests with the right code: only the first claim wins, the code works once.
  if (!(await stores.tokens.claimOnce(`otp:${record.codeHash}:${record.createdAt.getTime()}`, record.expiresAt)))
    throw invalid;
  await stores.otps.delete(otpKey);
  if (!admin) throw invalid;
  return signToken(deps.env.JWT_SECRET, 'reset', admin);
}

async function setNewPassword(deps: AppDeps, admin: AdminRecord, newPassword: string): Promise<AdminRecord> {
  const { bcryptCost } = effectiveAuthSettings(deps.auth);
  const passwordHash = await hashPassword(newPassword, bcryptCost);
  const updated = await deps.stores.admins.update(admin._id, {
    passwordHash,
    tokenVersion: admin.tokenVersion + 1,
  });
  if (!updated) throw new Refusal('unauthenticated', AUTH_MESSAGES.sessionInvalid);
  // Every trusted browser is revoked with the old password, stolen device cookies included; the route trusts the
  // browser that made the change (or proved the mailbox with a reset code) again.
  await deps.stores.devices.deleteByAdmin(admin._id);
  return updated;
}

/** Sets the new password; answers the admin's id, so the route can trust the browser that proved the mailbox. */
export async function resetPassword(deps: AppDeps, resetToken: string, newPassword: string): Promise<string> {
  const { stores } = deps;
  const invalid = new Refusal('unauthenticated', AUTH_MESSAGES.invalidResetToken);
  const claims = verifyToken(deps.env.JWT_SECRET, resetToken, 'reset');
  if (!claims) throw invalid;
  const admin = await stores.admins.get(claims.adminId);
  // A password change after the code was verified outdates the reset token too.
  if (admin?.tokenVersion !== claims.tokenVersion) throw invalid;
  if (!(await stores.tokens.claimOnce(`reset:${claims.jti}`, claims.expiresAt))) throw invalid;
  await setNewPassword(deps, admin, newPassword);
  await stores.meta.set(carriedSessionKey(admin._id), null);
  await sendQuietly(
    deps,
    passwordChangedMail({ to: admin.email, username: admin.username, how: 'reset' }),
    'Reset notice',
  );
  return admin._id;
}

/**
 * "Sign out everywhere" (docs/auth.md, "Devices and sessions"): every session token of the account stops working
 * (the token version goes up, and no session is carried over), and every trusted browser is revoked, this one
 * included. The next sign-in anywhere needs the password and an e-mailed approval.
 */
export async function signOutEverywhere(deps: AppDeps, session: Session): Promise<void> {
  const { stores } = deps;
  const updated = await stores.admins.update(session.admin._id, { tokenVersion: session.admin.tokenVersion + 1 });
  if (!updated) throw new Refusal('unauthenticated', AUTH_MESSAGES.sessionInvalid);
  await stores.meta.set(carriedSessionKey(session.admin._id), null);
  await stores.tokens.revoke(session.jti, session.expiresAt);
  await stores.devices.deleteByAdmin(session.admin._id);
}

/**
 * The current password guards both account changes. Wrong guesses count against the session's own limit, not the
 * login counters: strangers failing at the login form cannot stop the signed-in owner changing their account, and a
 * stolen session still cannot be used to guess the password quickly. A wrong password is 400, not 401: the portal
 * treats every 401 as "signed out".
 */
async function checkCurrentPassword(deps: AppDeps, session: Session, password: string): Promise<void> {
  const key = rateLimitKeys.accountChange(session.jti);
  await takeSlotIfOpen(deps.stores.rateLimits, key, AUTH_SETTINGS.limits.accountChangePerSession);
  if (!(await verifyPassword(password, session.admin.passwordHash))) {
    throw new Refusal('invalid', AUTH_MESSAGES.wrongCurrentPassword, {
      currentPassword: AUTH_MESSAGES.wrongCurrentPassword,
    });
  }
  await clearSlots(deps.stores.rateLimits, [key]);
}

export async function changePassword(deps: AppDeps, session: Session, input: ChangePasswordInput): Promise<void> {
  const { admin } = session;
  await checkCurrentPassword(deps, session, input.currentPassword);
  if (input.currentPassword.normalize('NFC') === input.newPassword.normalize('NFC')) {
    throw new Refusal('invalid', AUTH_MESSAGES.samePassword, { newPassword: AUTH_MESSAGES.samePassword });
  }
  const updated = await setNewPassword(deps, admin, input.newPassword);
  const carried: CarriedSession = { jti: session.jti, tokenVersion: updated.tokenVersion };
  await deps.stores.meta.set(carriedSessionKey(admin._id), carried);
  await deps.stores.otps.delete(admin.email);
  await sendQuietly(
    deps,
    passwordChangedMail({ to: admin.email, username: admin.username, how: 'changed' }),
    'Password change notice',
  );
}

export async function changeEmail(deps: AppDeps, session: Session, input: ChangeEmailInput): Promise<AdminRecord> {
  const { admin } = session;
  await checkCurrentPassword(deps, session, input.currentPassword);
  if (input.newEmail === admin.email.toLowerCase()) {
    throw new Refusal('invalid', AUTH_MESSAGES.sameEmail, { newEmail: AUTH_MESSAGES.sameEmail });
  }
  let updated: AdminRecord | null;
  try {
    updated = await deps.stores.admins.update(admin._id, { email: input.newEmail });
  } catch (error) {
    if (error instanceof DuplicateKeyError) {
      throw new Refusal('conflict', AUTH_MESSAGES.emailTaken, { newEmail: AUTH_MESSAGES.emailTaken });
    }
    throw error;
  }
  if (!updated) throw new Refusal('unauthenticated', AUTH_MESSAGES.sessionInvalid);
  // A reset code sent to the old address must not outlive the change.
  await deps.stores.otps.delete(admin.email);
  await sendQuietly(
    deps,
    emailChangedMail({ to: admin.email, username: admin.username, newEmail: updated.email }),
    'Email change notice',
  );
  return updated;
}
