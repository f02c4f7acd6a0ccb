// The admin content screens' browser-test fixture, shared by admin-content.test.ts and admin-banners.test.ts: one
// server per test file (with a loopback SMTP server and a contact inbox), the first admin, the files to upload, and
// one signed-in desktop page. Each test file calls `const admin = setupAdminContent()` once at its top level; the
// fixture's fields are live once its beforeAll has run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { makeLargeJpeg, makeMp4 } from '../../support/media-files';
import { startSmtp, type TestSmtp } from '../../support/smtp';
import { ADMIN, initAdminViaApi, loginViaForm, registerMailbox } from './admin';
import { launchBrowser, VIEWPORTS, watchPageErrors } from './browser';
import { startServer, type RunningServer } from './server';

/** What setupAdminContent() hands its test file, filled in by its beforeAll. */
export interface AdminContent {
  server: RunningServer;
  smtp: TestSmtp;
  browser: Browser;
  context: BrowserContext;
  /** The signed-in desktop page. */
  page: Page;
  errors: string[];
  base: string;
  token: string;
  /** The folder holding the files to upload. */
  files: string;
}

const admin = {} as AdminContent;

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
  const response = await fetch(`${admin.base}${url}`, { headers: { Authorization: `Bearer ${admin.token}` } });
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
  expect(admin.errors.filter((e) => !expected.test(e))).toEqual([]);
  admin.errors.length = 0;
}

/** Registers the fixture's beforeAll and afterAll in the calling test file, and hands it the fixture they fill. */
export function setupAdminContent(): AdminContent {
  beforeAll(async () => {
    admin.smtp = await startSmtp();
    admin.server = await startServer({ env: { SMTP_URL: admin.smtp.url, CONTACT_INBOX: 'inbox@example.test' } });
    admin.base = admin.server.url;
    registerMailbox(admin.base, { smtp: admin.smtp });
    admin.token = await initAdminViaApi(admin.base);
    admin.files = mkdtempSync(path.join(tmpdir(), 'sg-admin-files-'));
    writeFileSync(path.join(admin.files, 'service.png'), await makePng(800, 600));
    writeFileSync(path.join(admin.files, 'banner.png'), await makePng(1600, 600));
    // Over the 4 MB a single request may carry: the form sends it through the chunked upload instead.
    writeFileSync(path.join(admin.files, 'large.jpg'), (await makeLargeJpeg(5 * 1024 * 1024)).bytes);
    // A playable H.264 MP4 of exactly 14 MB (under the 15 MB video cap, over three 4 MB chunks): its `ftyp` box
    // passes the server's magic-byte check at commit.
    writeFileSync(
      path.join(admin.files, 'banner.mp4'),
      makeMp4({ width: 640, height: 368, fps: 25, totalBytes: 14 * 1024 * 1024 }).bytes,
    );
    // One past the cap: refused in the form before a byte is sent.
    writeFileSync(
      path.join(admin.files, 'too-big.mp4'),
      makeMp4({ width: 640, height: 368, fps: 25, totalBytes: 15 * 1024 * 1024 + 1 }).bytes,
    );
    admin.browser = await launchBrowser();
    admin.context = await admin.browser.newContext({ viewport: VIEWPORTS.desktop });
    admin.page = await admin.context.newPage();
    admin.errors = watchPageErrors(admin.page);
    await loginViaForm(admin.page, admin.base, ADMIN.username, ADMIN.password);
    await admin.page.waitForURL(`${admin.base}/admin/dashboard`);
  });

  afterAll(async () => {
    if (process.env.ADMIN_DEBUG) console.log(admin.server?.output());
    await admin.context?.close();
    await admin.browser?.close();
    await admin.server?.stop();
    await admin.smtp?.stop();
    if (admin.files) rmSync(admin.files, { recursive: true, force: true });
  });
  return admin;
}
