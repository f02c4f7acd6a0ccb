import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type Locator,
  type LocatorScreenshotOptions,
  type Page,
  type PageScreenshotOptions,
} from 'playwright-core';
import { inject } from 'vitest';
import { resolveChromium } from '../../../scripts/browser';
import { projectRoot } from './server';

/** The Chromium tests/setup/browser.ts picked (Debian's, else the packaged one); resolved here when run without it. */
async function chromiumPath(): Promise<string> {
  return inject('chromiumPath') ?? (await resolveChromium()).path;
}

/** Chromium started as DEVELOPERS.md says (the machine has no network beyond loopback). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * Pictures are for a person to look at, and no assertion reads them, so a plain test run takes none: a full-page
 * capture costs a second or more of CPU, times some sixty per run. `SCREENSHOTS=1 npm run test:e2e -- <file>` takes
 * them (tests/e2e/README.md, "Pictures"). A test that compares pixels calls `screenshot()` on the page itself.
 */
const PICTURES_WANTED = Boolean(process.env['SCREENSHOTS']);

/** Saves a picture of a page or an element to `options.path` when pictures are wanted (SCREENSHOTS set). */
export async function savePicture(target: Page, options: PageScreenshotOptions & { path: string }): Promise<void>;
export async function savePicture(target: Locator, options: LocatorScreenshotOptions & { path: string }): Promise<void>;
export async function savePicture(
  target: Page | Locator,
  options: (PageScreenshotOptions | LocatorScreenshotOptions) & { path: string },
): Promise<void> {
  if (!PICTURES_WANTED) return;
  mkdirSync(path.dirname(options.path), { recursive: true });
  await target.screenshot(options);
}

/** Screenshots go to the gitignored screenshots/ folder, to be looked at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(projectRoot, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await savePicture(page, { path: file, fullPage: true });
  return file;
}

/** Collects page errors and console errors so a test can assert there were none. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}
