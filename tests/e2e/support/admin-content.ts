// The admin content screens' browser-test fixture, shared by admin-content.test.ts and admin-banners.test.ts: one
// server per test file (with a loopback SMTP server and a contact inbox), the first admin, the files to upload, and
// one signed-in desktop page. Each test file calls setupAdminContent() once at its top level; the bindings below are
// live once its beforeAll has run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { makeLargeJpeg, makeMp4 } from '../../support/media-files';
import { startSmtp, type TestSmtp } from '../../support/smtp';
import { ADMIN, initAdminViaApi, loginViaForm } from './admin';
import { launchBrowser, VIEWPORTS, watchPageErrors } from './browser';
import { startServer, type RunningServer } from './server';

export let server: RunningServer;
export let smtp: TestSmtp;
export let browser: Browser;
export let context: BrowserContext;
export let page: Page;
export let errors: string[];
export let base: string;
export let token: string;
export let files: string;

export interface StoredService {
  _id: string;
  name: string;
  price: number;
  offerPrice?: number;
  isActive: boolean;
  isFeatured: boolean;
  category: string;
  deliveryMethod: string;
  image: string;
  benefits: string[];
  prerequisites: string[];
  tags: string[];
  faq: { question: string; answer: string }[];
  whatCanBeAsked: { category: string; questions: string[] }[];
  createdAt: string;
}
export interface StoredBanner {
  _id: string;
  title: string;
  mediaType: string;
  mediaUrl: string;
  isActive: boolean;
  order: number;
}

export async function adminGet<T>(url: string): Promise<{ status: number; data: T }> {
  const response = await fetch(`${base}${url}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data: T };
  return { status: response.status, data: body.data };
}

/** A soft, warm gradient PNG: a real image for the upload checks. */
async function makePng(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1840"/><stop offset="1" stop-color="#d8ae5a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="none" stroke="#f7ecd2" stroke-width="6"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** No page error or console error, apart from failed requests a test provoked on purpose; then starts afresh. */
export function expectNoPageErrors(expected = /status of 40[0-9]/) {
  expect(errors.filter((e) => !expected.test(e))).toEqual([]);
  errors.length = 0;
}

/** Registers the fixture's beforeAll and afterAll in the calling test file. */
export function setupAdminContent(): void {
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: { SMTP_URL: smtp.url, CONTACT_INBOX: 'inbox@example.test' } });
    base = server.url;
    token = await initAdminViaApi(base);
    files = mkdtempSync(path.join(tmpdir(), 'sg-admin-files-'));
    writeFileSync(path.join(files, 'service.png'), await makePng(800, 600));
    writeFileSync(path.join(files, 'banner.png'), await makePng(1600, 600));
    // Over the 4 MB a single request may carry: the form sends it through the chunked upload instead.
    writeFileSync(path.join(files, 'large.jpg'), (await makeLargeJpeg(5 * 1024 * 1024)).bytes);
    // A playable H.264 MP4 of exactly 30 MB: its `ftyp` box passes the server's magic-byte check at commit.
    writeFileSync(
      path.join(files, 'banner.mp4'),
      makeMp4({ width: 640, height: 368, fps: 25, totalBytes: 30 * 1024 * 1024 }).bytes,
    );
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    page = await context.newPage();
    errors = watchPageErrors(page);
    await loginViaForm(page, base, ADMIN.username, ADMIN.password);
    await page.waitForURL(`${base}/admin/dashboard`);
  });

  afterAll(async () => {
    if (process.env.ADMIN_DEBUG) console.log(server?.output());
    await context?.close();
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
    if (files) rmSync(files, { recursive: true, force: true });
  });
}
