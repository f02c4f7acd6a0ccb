import { z } from 'zod';
import { LIMITS } from '../constants';
import { EmailSchema } from './common';

export const LOGIN_REQUIRED_MESSAGE = 'Please enter both username and password';
export const FILL_ALL_FIELDS_MESSAGE = 'Please fill in all fields';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = `Password must be at least ${LIMITS.passwordMin} characters long`;
export const PASSWORD_TOO_LONG = `Password must be at most ${LIMITS.passwordMax} characters long`;

/** A new password: 6 to 128 characters, any Unicode (emoji included). */
export const NewPasswordSchema = z
  .string({ error: FILL_ALL_FIELDS_MESSAGE })
  .min(1, { error: FILL_ALL_FIELDS_MESSAGE })
  .min(LIMITS.passwordMin, { error: PASSWORD_TOO_SHORT })
  .max(LIMITS.passwordMax, { error: PASSWORD_TOO_LONG });

/** An existing password being checked: only presence and the upper bound matter. */
const CurrentPasswordSchema = z
  .string({ error: 'Current password is required' })
  .min(1, { error: 'Current password is required' })
  .max(LIMITS.passwordMax, { error: PASSWORD_TOO_LONG });

export const UsernameSchema = z
  .string({ error: FILL_ALL_FIELDS_MESSAGE })
  .trim()
  .min(1, { error: FILL_ALL_FIELDS_MESSAGE })
  .min(3, { error: 'Username must be at least 3 characters long' })
  .max(50, { error: 'Username must be at most 50 characters long' })
  .regex(/^[A-Za-z0-9._-]+$/, { error: 'Username may use letters, digits, dots, dashes and underscores' });

/** Login: `username` is a username or an email. */
export const LoginSchema = z.strictObject({
  username: z
    .string({ error: LOGIN_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: LOGIN_REQUIRED_MESSAGE })
    .max(254, { error: 'Username is too long' }),
  password: z
    .string({ error: LOGIN_REQUIRED_MESSAGE })
    .min(1, { error: LOGIN_REQUIRED_MESSAGE })
    .max(LIMITS.passwordMax, { error: PASSWORD_TOO_LONG }),
});
export type LoginInput = z.output<typeof LoginSchema>;

/** The first-admin form names no single missing field: an empty email is 'Please fill in all fields' too (docs/product-rules.md, "Validation"). */
const InitEmailSchema = z
  .string({ error: FILL_ALL_FIELDS_MESSAGE })
  .trim()
  .min(1, { error: FILL_ALL_FIELDS_MESSAGE })
  .pipe(EmailSchema);

/**
 * The setup code a deployed site asks for before its first admin exists (docs/auth.md). Optional here: whether it is
 * needed is the server's decision, and `npm start` needs none.
 */
export const SetupCodeSchema = z
  .string({ error: 'Setup code must be text' })
  .trim()
  .max(200, { error: 'Setup code is too long' })
  .optional();

export const InitAdminSchema = z.strictObject({
  username: UsernameSchema,
  email: InitEmailSchema,
  password: NewPasswordSchema,
  setupCode: SetupCodeSchema,
});
export type InitAdminInput = z.output<typeof InitAdminSchema>;

/** The first-admin form adds a confirmation field, checked only in the browser. */
export const InitAdminFormSchema = z
  .object({
    username: UsernameSchema,
    email: InitEmailSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string(),
    setupCode: SetupCodeSchema,
  })
  .refine((v) => v.password === v.confirmPassword, { error: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });

/** GET /api/admin/auth/status: all a visitor of the login page may learn before signing in. */
export const AdminAuthStatusSchema = z.object({
  adminExists: z.boolean(),
  setupCodeRequired: z.boolean(),
});
export type AdminAuthStatus = z.output<typeof AdminAuthStatusSchema>;

export const ForgotPasswordSchema = z.strictObject({ email: EmailSchema });

export const OtpSchema = z
  .string({ error: 'Please enter the 6-digit code' })
  .trim()
  .regex(new RegExp(`^\\d{${LIMITS.otpDigits}}$`), { error: 'Please enter the 6-digit code' });

export const VerifyResetOtpSchema = z.strictObject({ email: EmailSchema, otp: OtpSchema });

export const ResetPasswordSchema = z.strictObject({
  resetToken: z.string({ error: 'Reset token is required' }).min(1).max(2_000),
  newPassword: NewPasswordSchema,
});

export const ResetPasswordFormSchema = z
  .object({ newPassword: NewPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { error: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });

export const ChangeEmailSchema = z.strictObject({
  newEmail: EmailSchema,
  currentPassword: CurrentPasswordSchema,
});
export type ChangeEmailInput = z.output<typeof ChangeEmailSchema>;

export const ChangePasswordSchema = z.strictObject({
  currentPassword: CurrentPasswordSchema,
  newPassword: NewPasswordSchema,
});
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>;

export const ChangePasswordFormSchema = z
  .object({ currentPassword: CurrentPasswordSchema, newPassword: NewPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { error: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });

/** The public view of an admin: never the hash. */
export const AdminPublicSchema = z.object({
  username: z.string(),
  email: z.string(),
  role: z.string(),
  lastLogin: z.string().nullable(),
});
export type AdminPublic = z.output<typeof AdminPublicSchema>;
