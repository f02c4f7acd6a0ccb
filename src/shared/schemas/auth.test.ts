import { describe, expect, it } from 'vitest';
import { firstIssue } from '../../../tests/support/schema-issues';
import {
  ChangeEmailSchema,
  ChangePasswordFormSchema,
  ChangePasswordSchema,
  FILL_ALL_FIELDS_MESSAGE,
  ForgotPasswordSchema,
  InitAdminFormSchema,
  InitAdminSchema,
  LOGIN_REQUIRED_MESSAGE,
  LoginSchema,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  ResetPasswordFormSchema,
  ResetPasswordSchema,
  VerifyResetOtpSchema,
} from './auth';

describe('validation messages (docs/product-rules.md, "Validation")', () => {
  it('uses the spec texts', () => {
    expect(LOGIN_REQUIRED_MESSAGE).toBe('Please enter both username and password');
    expect(FILL_ALL_FIELDS_MESSAGE).toBe('Please fill in all fields');
    expect(PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 6 characters long');
  });
});

describe('LoginSchema', () => {
  it.each([
    [{ username: '', password: 'secret' }, 'username'],
    [{ username: 'admin', password: '' }, 'password'],
    [{ username: '   ', password: 'secret' }, 'username'],
    [{}, 'username'],
  ])('refuses %j with the spec message', (input, path) => {
    expect(firstIssue(LoginSchema, input)).toEqual({ path, message: LOGIN_REQUIRED_MESSAGE });
  });

  it('accepts a username or an email, trimmed, and keeps the password as typed', () => {
    expect(LoginSchema.parse({ username: ' admin@example.org ', password: ' pass ' })).toEqual({
      username: 'admin@example.org',
      password: ' pass ',
    });
  });
});

describe('first-admin creation', () => {
  const valid = { username: 'guide', email: 'Guide@Example.org', password: 'secret1' };

  it.each([
    ['username missing', { username: '' }, 'username', FILL_ALL_FIELDS_MESSAGE],
    ['email missing', { email: '' }, 'email', FILL_ALL_FIELDS_MESSAGE],
    ['email absent', { email: undefined }, 'email', FILL_ALL_FIELDS_MESSAGE],
    ['password missing', { password: '' }, 'password', FILL_ALL_FIELDS_MESSAGE],
    ['password of 5', { password: '12345' }, 'password', PASSWORD_TOO_SHORT],
    ['email malformed', { email: 'guide' }, 'email', 'Please enter a valid email address'],
  ])('refuses %s', (_label, change, path, message) => {
    expect(firstIssue(InitAdminSchema, { ...valid, ...change })).toEqual({ path, message });
  });

  it('accepts a password of exactly 6 and lower-cases the email', () => {
    expect(InitAdminSchema.parse({ ...valid, password: '123456' })).toEqual({
      username: 'guide',
      email: 'guide@example.org',
      password: '123456',
    });
  });

  it('checks the confirmation in the form', () => {
    expect(firstIssue(InitAdminFormSchema, { ...valid, confirmPassword: 'secret2' })).toEqual({
      path: 'confirmPassword',
      message: PASSWORDS_DO_NOT_MATCH,
    });
    expect(InitAdminFormSchema.safeParse({ ...valid, confirmPassword: 'secret1' }).success).toBe(true);
  });
});

describe('password reset', () => {
  it.each([
    ['123456', true],
    [' 123456 ', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['', false],
  ])('reads the code %j: valid %s', (otp, ok) => {
    expect(VerifyResetOtpSchema.safeParse({ email: 'a@example.org', otp }).success).toBe(ok);
  });

  it('needs an email to send a code to', () => {
    expect(ForgotPasswordSchema.safeParse({ email: '' }).success).toBe(false);
    expect(ForgotPasswordSchema.parse({ email: ' A@Example.org ' })).toEqual({ email: 'a@example.org' });
  });

  it.each([
    [{ resetToken: 't', newPassword: '12345' }, 'newPassword', PASSWORD_TOO_SHORT],
    [{ resetToken: '', newPassword: '123456' }, 'resetToken', undefined],
  ])('refuses %j', (input, path, message) => {
    const issue = firstIssue(ResetPasswordSchema, input);
    expect(issue?.path).toBe(path);
    if (message) expect(issue?.message).toBe(message);
  });

  it('matches new and confirm in the form', () => {
    expect(firstIssue(ResetPasswordFormSchema, { newPassword: '123456', confirmPassword: '1234567' })).toEqual({
      path: 'confirmPassword',
      message: PASSWORDS_DO_NOT_MATCH,
    });
  });
});

describe('account settings', () => {
  it.each([
    [{ newEmail: '', currentPassword: 'x' }, 'newEmail'],
    [{ newEmail: 'a@example.org', currentPassword: '' }, 'currentPassword'],
  ])('change email needs both fields: %j', (input, path) => {
    expect(firstIssue(ChangeEmailSchema, input)?.path).toBe(path);
  });

  it('change password needs 6 characters and a matching confirmation', () => {
    expect(firstIssue(ChangePasswordSchema, { currentPassword: 'old', newPassword: '12345' })).toEqual({
      path: 'newPassword',
      message: PASSWORD_TOO_SHORT,
    });
    expect(
      firstIssue(ChangePasswordFormSchema, {
        currentPassword: 'old',
        newPassword: '123456',
        confirmPassword: '654321',
      }),
    ).toEqual({ path: 'confirmPassword', message: PASSWORDS_DO_NOT_MATCH });
    expect(ChangePasswordSchema.safeParse({ currentPassword: 'old', newPassword: '123456' }).success).toBe(true);
  });

  it.each([LoginSchema, InitAdminSchema, ChangePasswordSchema])('refuses unknown fields (%#)', (schema) => {
    const base =
      schema === LoginSchema
        ? { username: 'a', password: 'b' }
        : schema === InitAdminSchema
          ? { username: 'guide', email: 'a@example.org', password: '123456' }
          : { currentPassword: 'a', newPassword: '123456' };
    expect(schema.safeParse({ ...base, role: 'superadmin' }).success).toBe(false);
  });
});
