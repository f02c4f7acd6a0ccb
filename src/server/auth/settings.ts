import { ADMIN_TOKEN_LIFETIME_MS } from '../../shared/constants';

const MINUTE = 60_000;

/** One place for every authentication number (docs/auth.md explains each). */
export const AUTH_SETTINGS = {
  /**
   * bcrypt work factor. Measured on the 2-core build machine: cost 12 ≈ 280 ms per compare, under the 400 ms login
   * budget, so the preferred 12 stands (scripts/bench/auth.ts re-measures it).
   */
  bcryptCost: 12,
  sessionLifetimeMs: ADMIN_TOKEN_LIFETIME_MS,
  /** Renewed sessions never outlive this, counted from the password sign-in (docs/auth.md, "Sliding sessions"). */
  sessionMaxAgeMs: 12 * 60 * MINUTE,
  resetTokenLifetimeMs: 15 * MINUTE,
  otpLifetimeMs: 10 * MINUTE,
  /** Wrong codes allowed against one OTP; the code is deleted when they are used up. */
  otpMaxAttempts: 5,
  /**
   * forgot-password answers no sooner than this, whether or not the address belongs to an admin, so the time spent
   * sending the mail does not tell an attacker which addresses are registered.
   */
  forgotPasswordMinMs: 1_000,
  /** How long a passkey prompt may take: the browser's timeout and the life of its challenge (docs/auth.md, "Passkeys"). */
  passkeyChallengeLifetimeMs: 5 * MINUTE,
  /** How long a browser's device cookie (docs/auth.md, "Lockout") is honoured after its last successful sign-in. */
  deviceCookieLifetimeMs: 180 * 24 * 60 * MINUTE,
  /** How long a new browser's e-mailed approval (code and link) works (docs/auth.md, "New devices"). */
  deviceApprovalLifetimeMs: 15 * MINUTE,
  limits: {
    /**
     * Approval mails per account: only a correct password starts one, so this caps the mails someone who knows the
     * password can make the owner receive. The owner's trusted browsers need none.
     */
    approvalMailPerAccount: { max: 10, windowMs: 15 * MINUTE },
    /** Mails per pending sign-in: the first one and up to 3 resends. */
    approvalMailPerSignIn: { max: 4, windowMs: 15 * MINUTE },
    /** Failed logins from one trusted browser (device cookie); past it the cookie no longer exempts that browser. */
    loginPerDevice: { max: 5, windowMs: 15 * MINUTE },
    /** Wrong current passwords on change-email / change-password, per signed-in session (not the login counters). */
    accountChangePerSession: { max: 5, windowMs: 15 * MINUTE },
    /** Reset mails asked for from the owner's own browser (device cookie): its own budget, untouched by strangers. */
    otpSendPerDevice: { max: 3, windowMs: 15 * MINUTE },
    /** Failed logins per client address, whatever account they aim at. */
    loginPerIp: { max: 5, windowMs: 15 * MINUTE },
    /** OTP mails per email address (registered or not: the same answer either way). */
    otpSendPerEmail: { max: 3, windowMs: 15 * MINUTE },
    otpSendPerIp: { max: 10, windowMs: 60 * MINUTE },
    /**
     * Setup-code tries on `POST /init` per client address (a deployed site before its first admin). The code's own
     * 128 bits make guessing hopeless; this keeps a scripted guesser from even trying at speed.
     */
    setupCodePerIp: { max: 10, windowMs: 15 * MINUTE },
    /** OTP checks per client address, on top of the per-code limit. */
    otpCheckPerIp: { max: 20, windowMs: 15 * MINUTE },
  },
} as const;

/**
 * What a test may change through `AppDeps.auth`. Production never sets it. A low bcrypt cost keeps other suites fast;
 * the auth suite runs its timing and login tests at the real cost.
 */
export interface AuthOverrides {
  bcryptCost?: number;
  forgotPasswordMinMs?: number;
}

export interface EffectiveAuthSettings {
  bcryptCost: number;
  forgotPasswordMinMs: number;
}

export function effectiveAuthSettings(overrides: AuthOverrides | undefined): EffectiveAuthSettings {
  return {
    bcryptCost: overrides?.bcryptCost ?? AUTH_SETTINGS.bcryptCost,
    forgotPasswordMinMs: overrides?.forgotPasswordMinMs ?? AUTH_SETTINGS.forgotPasswordMinMs,
  };
}
