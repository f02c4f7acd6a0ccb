// Shared steps of the admin portal's browser tests (tests/e2e/admin-*.test.ts).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot, VIEWPORTS } from './browser';

export const ADMIN = { username: 'priya', email: 'priya@example.test', password: 'moonlight-77' } as const;

/** The spec's two browser storage entries (docs/product-rules.md, "Limits"). */
export const STORAGE = { token: 'adminToken', expiry: 'adminTokenExpiry' } as const;

interface ApiReply {
  success: boolean;
  token?: string;
  message?: string;
}

export async function apiJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: ApiReply }> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  return { status: response.status, body: (await response.json()) as ApiReply };
}

/** Creates the first admin through the API and returns its session token. */
export async function initAdminViaApi(base: string, admin: typeof ADMIN = ADMIN): Promise<string> {
  const { status, body } = await apiJson(`${base}/api/admin/auth/init`, {
    method: 'POST',
    body: JSON.stringify({ username: admin.username, email: admin.email, password: admin.password }),
  });
  if (status !== 201 || !body.token) throw new Error(`init failed: ${status} ${JSON.stringify(body)}`);
  return body.token;
}

export async function loginViaApi(base: string, username: string, password: string): Promise<string> {
  const { status, body } = await apiJson(`${base}/api/admin/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ username, password }),
  });
  if (status !== 200 || !body.token) throw new Error(`login failed: ${status} ${JSON.stringify(body)}`);
  return body.token;
}

/** Signs a page in by storing a token the way the portal does (token + expiry 3 h ahead), then opens `path`. */
export async function signInWithToken(page: Page, base: string, token: string, path = '/admin/dashboard') {
  await page.goto(`${base}/admin/login`);
  await page.evaluate(
    ([keys, value]) => {
      localStorage.setItem(keys.token, value);
      localStorage.setItem(keys.expiry, String(Date.now() + 3 * 60 * 60 * 1000));
    },
    [STORAGE, token] as const,
  );
  await page.goto(`${base}${path}`);
}

/** Logs in through the form. */
export async function loginViaForm(page: Page, base: string, username: string, password: string) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Username or Email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Screenshots at both widths, restoring the desktop viewport afterwards. */
export async function shootBoth(page: Page, name: string, ready: () => Promise<void> = async () => undefined) {
  for (const [label, size] of [
    ['390', VIEWPORTS.phone],
    ['1280', VIEWPORTS.desktop],
  ] as const) {
    await page.setViewportSize(size);
    // Full-page pictures start at the top, where the sticky top bar belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Let layout transitions (the sidebar sliding away below 1024 px) finish before the picture.
    await page.waitForTimeout(350);
    await ready();
    await screenshot(page, `admin-${name}-${label}`);
  }
}
