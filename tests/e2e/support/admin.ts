// Shared steps of the admin portal's browser tests (tests/e2e/admin-*.test.ts).
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startSmtp, type TestSmtp } from '../../support/smtp';
import { launchBrowser, screenshot, VIEWPORTS, watchPageErrors } from './browser';
import { startServer, type RunningServer } from './server';

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

/**
 * Screenshots at both widths, restoring the desktop viewport afterwards. `save` takes each picture (by default into
 * screenshots/admin-<name>-<width>.png).
 */
export async function shootBoth(
  page: Page,
  name: string,
  ready: () => Promise<void> = async () => undefined,
  save: (label: string) => Promise<unknown> = (label) => screenshot(page, `admin-${name}-${label}`),
) {
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
    await save(label);
  }
}

/** What setupAdminSuite() hands its test file, filled in by its beforeAll. */
export interface AdminSuite {
  server: RunningServer;
  /** The server's URL. */
  base: string;
  browser: Browser;
  /** The loopback SMTP server the app mails through (with `smtp: true`). */
  smtp: TestSmtp;
  /** The first admin's session token (with `initAdmin: true`). */
  token: string;
  /** A page in a browser context of its own (desktop unless told), closed with the suite. */
  newPage(viewport?: { width: number; height: number }): Promise<{ page: Page; errors: string[] }>;
}

/**
 * Registers a test file's beforeAll and afterAll: its own server (mailing through a loopback SMTP server with
 * `smtp`, its first admin created through the API with `initAdmin`) and Chromium. Returns the suite they fill.
 */
export function setupAdminSuite(options: { smtp?: boolean; initAdmin?: boolean } = {}): AdminSuite {
  const contexts: BrowserContext[] = [];
  const suite = {
    async newPage(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
      const context = await suite.browser.newContext({ viewport });
      contexts.push(context);
      const page = await context.newPage();
      return { page, errors: watchPageErrors(page) };
    },
  } as AdminSuite;

  beforeAll(async () => {
    if (options.smtp) suite.smtp = await startSmtp();
    const env = options.smtp ? { SMTP_URL: suite.smtp.url, CONTACT_INBOX: 'inbox@example.test' } : {};
    suite.server = await startServer({ env });
    suite.base = suite.server.url;
    if (options.initAdmin) suite.token = await initAdminViaApi(suite.base);
    suite.browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.smtp?.stop();
  });
  return suite;
}
