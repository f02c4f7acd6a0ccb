// "Backups" in Account settings against the real local server (docs/backup.md): the download by keyboard at 390 px
// (mobile emulation) and at 1280 px, the zip opened and its manifest checked against the files in it and against the
// store, the confirmation on screen, axe clean. Screenshots go to /tmp/backup-shots to be looked at.
import { mkdirSync, readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, setupAdminSuite, signInWithToken } from './support/admin';
import { savePicture, VIEWPORTS, watchPageErrors } from './support/browser';

const suite = setupAdminSuite({ initAdmin: true });
const SHOTS = '/tmp/backup-shots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await savePicture(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function countOf(path: string): Promise<number> {
  const response = await fetch(`${suite.base}/api${path}`, { headers: { Authorization: `Bearer ${suite.token}` } });
  const body = (await response.json()) as { data: unknown[] | { items?: unknown[] } };
  return Array.isArray(body.data) ? body.data.length : (body.data.items ?? []).length;
}

describe('Backups in Account settings', () => {
  for (const kind of ['phone', 'desktop'] as const) {
    it(`downloads a backup by keyboard whose manifest matches its files and the store (${kind})`, async () => {
      const context = await suite.browser.newContext(
        kind === 'phone'
          ? { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2, acceptDownloads: true }
          : { viewport: VIEWPORTS.desktop, acceptDownloads: true },
      );
      try {
        const page = await context.newPage();
        const errors = watchPageErrors(page);
        await signInWithToken(page, suite.base, suite.token, '/admin/profile');
        const section = page.getByRole('region', { name: 'Backups' });
        await section.getByText('Your sign-in details and passwords are never in it').waitFor();
        await section.getByText(/No weekly backup yet/).waitFor();
        await expectAccessible(page, `backups ${kind}`);
        const button = section.getByRole('button', { name: 'Download a backup' });
        await button.scrollIntoViewIfNeeded();
        await shot(page, `backups-${kind}`);

        await button.focus();
        const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
        expect(download.suggestedFilename()).toMatch(/^soul-guidance-backup-\d{4}-\d{2}-\d{2}\.zip$/);
        const file = await download.path();
        await section
          .getByRole('status')
          .getByText(/^Downloaded soul-guidance-backup-.*\.zip \(\d/)
          .waitFor();
        await expect.poll(() => button.isEnabled()).toBe(true);
        await expectAccessible(page, `backups done ${kind}`);
        await shot(page, `backups-done-${kind}`);

        const files = unzipSync(new Uint8Array(readFileSync(file)));
        const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as {
          counts: Record<string, number>;
          files: Record<string, string>;
        };
        const length = (name: string) =>
          (JSON.parse(new TextDecoder().decode(files[`content/${name}.json`])) as unknown[]).length;
        for (const name of ['services', 'banners', 'testimonials', 'messages', 'trash']) {
          expect(manifest.counts[name], name).toBe(length(name));
        }
        expect(manifest.counts['media']).toBe(Object.keys(files).filter((p) => p.startsWith('media/')).length);
        expect(manifest.counts['media']).toBeGreaterThanOrEqual(12);
        expect(Object.keys(manifest.files).sort()).toEqual(
          Object.keys(files)
            .filter((p) => p !== 'manifest.json')
            .sort(),
        );
        // The store's own count, through the ordinary admin API.
        expect(manifest.counts['services']).toBe(await countOf('/admin/services'));
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
