// Shared steps of the admin portal's browser tests (tests/e2e/admin-*.test.ts).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createEmbeddedStores, embeddedDatabaseFile } from '../../../src/server/stores/embedded';
import type { Stores } from '../../../src/server/stores/types';
import { decodeMail, startSmtp, type TestSmtp } from '../../support/smtp';
import { expectNoSeriousViolations } from './axe';
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

/**
 * The owner's device cookie per server (`sg_device=…`): the "browser" that created the first admin through the API is
 * trusted (docs/auth.md, "New devices"). loginViaApi sends it, and loginViaForm gives it to the page's browser, so
 * tests that are not about new devices sign in with the password alone, as the owner does on their own browser.
 */
const ownerDevices = new Map<string, string>();

/** Where each server's mail can be read, for approving a new browser (setupAdminSuite registers it). */
const mailboxes = new Map<string, () => string[]>();

/** Lets loginViaForm read the approval mails of a server started outside setupAdminSuite. */
export function registerMailbox(base: string, mailbox: { smtp?: TestSmtp; dataDir?: string }) {
  mailboxes.set(base, () => {
    if (mailbox.smtp) return mailbox.smtp.messages.map((m) => decodeMail(m).text);
    const outbox = path.join(mailbox.dataDir ?? '', 'outbox');
    if (!existsSync(outbox)) return [];
    return readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => decodeMail({ from: '', to: [], raw: readFileSync(path.join(outbox, name), 'utf8') }).text);
  });
}

/** The code of the newest approval mail of this server that is not in `seen`, waiting for it up to 15 s. */
export async function approvalCode(base: string, seen: ReadonlySet<string> = new Set()): Promise<string> {
  const read = mailboxes.get(base);
  if (!read) throw new Error(`No mailbox registered for ${base}: call registerMailbox() (tests/e2e/support/admin.ts)`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const codes = read()
      .map((text) => /Code: (\d{6})/.exec(text)?.[1])
      .filter((code): code is string => code !== undefined && !seen.has(code));
    const newest = codes.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error('No approval mail arrived in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every approval code this server has mailed so far (to tell the next one apart). */
export function approvalCodesSoFar(base: string): Set<string> {
  const read = mailboxes.get(base);
  const codes = (read?.() ?? []).map((text) => /Code: (\d{6})/.exec(text)?.[1]);
  return new Set(codes.filter((code): code is string => code !== undefined));
}

function deviceCookieOf(response: Response): string {
  const line = response.headers.getSetCookie().find((c) => c.startsWith('sg_device=')) ?? '';
  return line.split(';')[0] ?? '';
}

/** Creates the first admin through the API and returns its session token; its device cookie is the owner's. */
export async function initAdminViaApi(base: string, admin: typeof ADMIN = ADMIN): Promise<string> {
  const response = await fetch(`${base}/api/admin/auth/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.username, email: admin.email, password: admin.password }),
  });
  const body = (await response.json()) as ApiReply;
  if (response.status !== 201 || !body.token)
    throw new Error(`init failed: ${response.status} ${JSON.stringify(body)}`);
  ownerDevices.set(base, deviceCookieOf(response));
  return body.token;
}

/**
 * Signs in from the owner's trusted "browser" (the one initAdminViaApi used). When there is none yet (the admin was
 * created in a browser) or it was revoked, the e-mailed approval is completed from the server's mailbox, and that
 * "browser" becomes the owner's.
 */
export async function loginViaApi(base: string, username: string, password: string): Promise<string> {
  const cookie = ownerDevices.get(base);
  const seen = approvalCodesSoFar(base);
  const response = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as ApiReply;
  if (response.status === 202) return approveViaApi(base, response, seen);
  if (response.status !== 200 || !body.token)
    throw new Error(`login failed: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

async function approveViaApi(base: string, pending: Response, seen: ReadonlySet<string>): Promise<string> {
  const line = pending.headers.getSetCookie().find((c) => c.startsWith('sg_signin=')) ?? '';
  const response = await fetch(`${base}/api/admin/auth/approve-device`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: line.split(';')[0] ?? '' },
    body: JSON.stringify({ code: await approvalCode(base, seen) }),
  });
  const body = (await response.json()) as ApiReply;
  if (response.status !== 200 || !body.token)
    throw new Error(`approval failed: ${response.status} ${JSON.stringify(body)}`);
  ownerDevices.set(base, deviceCookieOf(response));
  return body.token;
}

/** Gives a page's browser the owner's device cookie for this server, as if it were the owner's own browser. */
export async function trustBrowser(page: Page, base: string): Promise<void> {
  const cookie = ownerDevices.get(base);
  if (!cookie) return;
  const separator = cookie.indexOf('=');
  await page.context().addCookies([
    {
      name: cookie.slice(0, separator),
      value: cookie.slice(separator + 1),
      domain: new URL(base).hostname,
      path: '/api/admin/auth',
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
}

/**
 * Signs a page in by storing a token the way the portal does (token + expiry 3 h ahead), then opens `path`; the page's
 * browser gets the owner's device cookie (trustBrowser).
 */
export async function signInWithToken(page: Page, base: string, token: string, path = '/admin/dashboard') {
  // The owner's own browser: a "Sign in again" there needs no e-mailed code.
  await trustBrowser(page, base);
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

/**
 * Logs in through the form, from the owner's browser (trustBrowser) unless `newBrowser`. When the portal asks for
 * the e-mailed code (a new browser, or one whose cookie was revoked), the code is read from the server's mailbox and
 * typed in, as the owner would; `approve: false` stops at that step instead.
 */
export async function loginViaForm(
  page: Page,
  base: string,
  username: string,
  password: string,
  options: { newBrowser?: boolean; approve?: boolean } = {},
) {
  if (!options.newBrowser) await trustBrowser(page, base);
  const seen = approvalCodesSoFar(base);
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Username or Email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/admin/auth/login'));
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  if ((await reply).status() !== 202 || options.approve === false) return;
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  await page.getByLabel('6-digit code').fill(await approvalCode(base, seen));
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page, label: string) {
  // Judge what the practitioner reads once things have settled: a toast caught halfway through its 180 ms fade-in
  // has text at part opacity, which axe measures as low contrast.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  await expectNoSeriousViolations(page, label);
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
    registerMailbox(suite.base, options.smtp ? { smtp: suite.smtp } : { dataDir: suite.server.dataDir });
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

/**
 * The suite server's own embedded store, opened beside it so a test can seed or read data directly. Call it after
 * setupAdminSuite: its beforeAll then runs after the suite's, and its afterAll closes the store before the server
 * stops (afterAll hooks run in reverse).
 */
export function openServerStores(suite: AdminSuite): { readonly stores: Stores } {
  let opened: Stores | undefined;
  beforeAll(() => {
    opened = createEmbeddedStores(embeddedDatabaseFile(suite.server.dataDir));
  });
  afterAll(async () => {
    await opened?.close();
  });
  return {
    get stores() {
      if (!opened) throw new Error('The server store opens in beforeAll; use it inside a test.');
      return opened;
    },
  };
}
