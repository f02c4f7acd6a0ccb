// The admin portal's sign-in flows in Chromium against the real local server, with a real loopback SMTP server:
// first-admin creation, login and logout, the three-step password reset read from the mail, account changes and
// session expiry (docs/product-rules.md: "Screens", "States", "Validation", "Errors").
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeMail } from '../support/smtp';
import { ADMIN, apiJson, expectAccessible, loginViaForm, setupAdminSuite, shootBoth, STORAGE } from './support/admin';

const suite = setupAdminSuite({ smtp: true });
/** The password changes along the way: reset, then changed again. */
let password: string = ADMIN.password;
let email: string = ADMIN.email;

/** Console errors the browser prints for failed requests the test provokes on purpose (401s, 403s). */
const onlyExpectedHttpErrors = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 40[0-9]/.test(e));

/** The forms that set a password, by their labels: the first admin, the reset's last step, the account's change. */
const PASSWORD_FORMS = {
  init: { password: 'Password', confirm: 'Confirm Password', submit: 'Create Admin Account' },
  reset: { password: 'New Password', confirm: 'Confirm Password', submit: 'Reset Password' },
  change: { password: 'New Password', confirm: 'Confirm New Password', submit: 'Update Password' },
} as const;

/**
 * A new password with a confirmation that does not match, refused in the spec's words; then the matching
 * confirmation, submitted.
 */
async function enterNewPassword(
  form: Page | Locator,
  labels: (typeof PASSWORD_FORMS)[keyof typeof PASSWORD_FORMS],
  password: string,
  mismatch: string,
) {
  await form.getByLabel(labels.password, { exact: true }).fill(password);
  await form.getByLabel(labels.confirm).fill(mismatch);
  await form.getByRole('button', { name: labels.submit }).click();
  await form.getByText('Passwords do not match').first().waitFor();
  await form.getByLabel(labels.confirm).fill(password);
  await form.getByRole('button', { name: labels.submit }).click();
}

describe('admin sign-in flows', () => {
  it('creates the first admin from /admin/login, and lands on the dashboard', async () => {
    const { page, errors } = await suite.newPage();
    await page.goto(`${suite.base}/admin/login`);
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await expectAccessible(page, 'login');
    await shootBoth(page, 'login');

    // Empty submit: the spec's validation text.
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByText('Please enter both username and password').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Initialize first admin account' }).click();
    await page.getByRole('button', { name: 'Create Admin Account' }).waitFor();
    await shootBoth(page, 'login-init');

    // The form's own checks, in the spec's words.
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await page.getByText('Please fill in all fields').first().waitFor();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password').fill('abc');
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await page.getByText('Password must be at least 6 characters long').first().waitFor();
    await enterNewPassword(page, PASSWORD_FORMS.init, ADMIN.password, `${ADMIN.password}x`);
    await page.waitForURL(`${suite.base}/admin/dashboard`);
    await page.getByRole('heading', { name: `Welcome back, ${ADMIN.username}!` }).waitFor();
    // The session is the spec's two storage entries, expiring 3 hours from now.
    const stored = await page.evaluate(
      (keys) => [localStorage.getItem(keys.token), localStorage.getItem(keys.expiry)],
      STORAGE,
    );
    expect(stored[0]).toMatch(/^ey/);
    const left = Number(stored[1]) - Date.now();
    expect(left).toBeGreaterThan(3 * 60 * 60 * 1000 - 60_000);
    expect(left).toBeLessThanOrEqual(3 * 60 * 60 * 1000);
    expect(errors).toEqual([]);
  });

  it('offers no second initialization, and the API refuses one with the 403 text', async () => {
    // The login page offers the first-admin form only while no admin exists (docs/admin.md); the 403 path of the
    // form itself (an admin created meanwhile) is in admin-entry.test.ts.
    const { page, errors } = await suite.newPage();
    await page.goto(`${suite.base}/admin/login`);
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Forgot Password?' }).waitFor();
    expect(await page.getByRole('button', { name: 'Initialize first admin account' }).count()).toBe(0);
    const again = await apiJson(`${suite.base}/api/admin/auth/init`, {
      method: 'POST',
      body: JSON.stringify({ username: 'intruder', email: 'intruder@example.test', password: 'intruder-pass' }),
    });
    expect(again).toEqual({
      status: 403,
      body: { success: false, message: 'Admin already exists. Please use login instead.' },
    });
    expect(onlyExpectedHttpErrors(errors)).toEqual([]);
  });

  it('logs in and out; a wrong password shows the spec text', async () => {
    const { page, errors } = await suite.newPage();
    await loginViaForm(page, suite.base, ADMIN.username, 'not-the-password');
    await page.getByText('Invalid username or password').waitFor();
    expect(page.url()).toBe(`${suite.base}/admin/login`);

    // Email works as the login name too.
    await loginViaForm(page, suite.base, ADMIN.email, password);
    await page.waitForURL(`${suite.base}/admin/dashboard`);

    // The user menu: username, role, session minutes, Account Settings, Logout.
    await page.getByRole('button', { name: ADMIN.username }).click();
    await page.getByText(/Session: 1(79|80) min remaining/).waitFor();
    await expectAccessible(page, 'user menu open');
    await shootBoth(page, 'user-menu');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText(/min remaining/).isVisible()).toBe(false);

    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE.token);
    await page.getByRole('button', { name: ADMIN.username }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${suite.base}/admin/login`);
    expect(await page.evaluate((keys) => localStorage.getItem(keys.token), STORAGE)).toBeNull();
    // The server ended the session too.
    const verify = await fetch(`${suite.base}/api/admin/auth/verify`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(verify.status).toBe(401);
    expect(onlyExpectedHttpErrors(errors)).toEqual([]);
  });

  it('resets a forgotten password with the code from the mail', async () => {
    const { page, errors } = await suite.newPage();
    await page.goto(`${suite.base}/admin/login`);
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await expectAccessible(page, 'forgot password modal');
    await shootBoth(page, 'forgot-step1');

    // Escape closes and resets the modal; keyboard focus stays inside it while open.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    }

    const since = suite.smtp.messages.length;
    await dialog.getByLabel('Email').fill(ADMIN.email);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByRole('heading', { name: 'Enter code' }).waitFor();
    await dialog.getByText('OTP sent to your email').waitFor();
    await shootBoth(page, 'forgot-step2');

    const mail = await suite.smtp.waitFor((m) => suite.smtp.messages.indexOf(m) >= since && m.to.includes(ADMIN.email));
    const code = /\b(\d{6})\b/.exec(decodeMail(mail).text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The OTP input takes at most 6 characters.
    expect(await dialog.getByLabel('6-digit code').getAttribute('maxlength')).toBe('6');
    await dialog.getByLabel('6-digit code').fill(code ?? '');
    await dialog.getByRole('button', { name: 'Verify code' }).click();
    await dialog.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await dialog.getByText('OTP verified! Set your new password').waitFor();
    await shootBoth(page, 'forgot-step3');

    const newPassword = 'starlight-2026';
    await enterNewPassword(dialog, PASSWORD_FORMS.reset, newPassword, 'starlight-2025');
    await page.getByText('Password reset successfully! You can now login').waitFor();
    expect(await dialog.count()).toBe(0);

    // Reopened, the modal starts again at step 1.
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // The old password no longer works, the new one does.
    expect(
      (
        await apiJson(`${suite.base}/api/admin/auth/login`, {
          method: 'POST',
          body: JSON.stringify({ username: ADMIN.username, password }),
        })
      ).status,
    ).toBe(401);
    password = newPassword;
    await loginViaForm(page, suite.base, ADMIN.username, password);
    await page.waitForURL(`${suite.base}/admin/dashboard`);
    expect(onlyExpectedHttpErrors(errors)).toEqual([]);
  });

  it('changes the email from the dashboard Account Settings modal', async () => {
    const { page, errors } = await suite.newPage();
    await loginViaForm(page, suite.base, ADMIN.username, password);
    await page.waitForURL(`${suite.base}/admin/dashboard`);
    await page.getByRole('button', { name: 'Account Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await dialog.getByText(ADMIN.email).waitFor();
    await expectAccessible(page, 'account settings modal');
    await shootBoth(page, 'account-modal');

    await dialog.getByRole('button', { name: 'Change Email' }).click();
    await dialog.getByRole('heading', { name: 'Change Email' }).waitFor();
    await shootBoth(page, 'account-modal-email');
    // A wrong current password: the server's message, the session stays.
    await dialog.getByLabel('New Email').fill('healer@example.test');
    await dialog.getByLabel('Current Password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Update Email' }).click();
    await dialog.getByText('Current password is incorrect').waitFor();
    expect(page.url()).toBe(`${suite.base}/admin/dashboard`);

    await dialog.getByLabel('Current Password').fill(password);
    await dialog.getByRole('button', { name: 'Update Email' }).click();
    await page.getByText('Email updated successfully').waitFor();
    expect(await dialog.count()).toBe(0);
    email = 'healer@example.test';
    // The new address shows in Account Settings (modal reopened at its first view) and in the sidebar card.
    await page.getByRole('button', { name: 'Account Settings' }).click();
    await page.getByRole('dialog').getByText(email).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('complementary', { name: 'Admin navigation' }).getByText(email).waitFor();
    expect(onlyExpectedHttpErrors(errors)).toEqual([]);
  });

  it('changes the password on /admin/profile; the older session is gone afterwards', async () => {
    // The "old" session: signed in first, in its own browser.
    const old = await suite.newPage();
    await loginViaForm(old.page, suite.base, ADMIN.username, password);
    await old.page.waitForURL(`${suite.base}/admin/dashboard`);

    const { page, errors } = await suite.newPage();
    await loginViaForm(page, suite.base, email, password);
    await page.waitForURL(`${suite.base}/admin/dashboard`);
    await page.getByRole('button', { name: ADMIN.username }).click();
    await page.getByRole('link', { name: 'Account Settings' }).click();
    await page.waitForURL(`${suite.base}/admin/profile`);
    await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
    await page.getByText('Last Login', { exact: true }).waitFor();
    await expectAccessible(page, 'profile');
    await shootBoth(page, 'profile');

    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await shootBoth(page, 'profile-password');
    const next = 'sunrise-3030';
    await page.getByLabel('Current Password').fill(password);
    await enterNewPassword(page, PASSWORD_FORMS.change, next, 'sunrise-3031');
    await page.getByText('Password updated successfully').waitFor();
    password = next;

    // This session carries on; the older one is signed out on its next request.
    await page.getByRole('link', { name: 'All Services', exact: true }).click();
    await page.waitForURL(`${suite.base}/admin/services`);
    await page.getByRole('heading', { name: /^Services \(\d+\)$/ }).waitFor();
    await old.page.reload();
    await old.page.waitForURL(`${suite.base}/admin/login`);
    expect(await old.page.evaluate((key) => localStorage.getItem(key), STORAGE.token)).toBeNull();
    expect(onlyExpectedHttpErrors(errors)).toEqual([]);
    expect(onlyExpectedHttpErrors(old.errors)).toEqual([]);
  });

  it('treats a token past its expiry as signed out, and a rejected token the same', async () => {
    const { page, errors } = await suite.newPage();
    await loginViaForm(page, suite.base, ADMIN.username, password);
    await page.waitForURL(`${suite.base}/admin/dashboard`);

    // Expired in storage: the next page load goes to /admin/login and the entries are cleared.
    await page.evaluate((key) => localStorage.setItem(key, String(Date.now() - 1_000)), STORAGE.expiry);
    await page.goto(`${suite.base}/admin/services`);
    await page.waitForURL(`${suite.base}/admin/login`);
    expect(
      await page.evaluate((keys) => [localStorage.getItem(keys.token), localStorage.getItem(keys.expiry)], STORAGE),
    ).toEqual([null, null]);

    // A deep link with a token the server refuses: silent redirect, token cleared (any 401).
    await page.evaluate((keys) => {
      localStorage.setItem(keys.token, 'not-a-real-token');
      localStorage.setItem(keys.expiry, String(Date.now() + 60 * 60 * 1000));
    }, STORAGE);
    await page.goto(`${suite.base}/admin/banners`);
    await page.waitForURL(`${suite.base}/admin/login`);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE.token)).toBeNull();
    expect(onlyExpectedHttpErrors(errors)).toEqual([]);
  });
});
