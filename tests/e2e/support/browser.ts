import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
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

/** Screenshots go to the gitignored screenshots/ folder, to be looked at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(projectRoot, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
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
