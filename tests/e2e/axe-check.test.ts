// The accessibility check every browser file relies on (support/axe.ts) still fails where it should: a page with
// text too faint to read and an image without a text alternative, each a serious or critical violation.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, expectNoSeriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAGE = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>${body}</main></body></html>`;

describe('the axe check', () => {
  it('reports faint text and an image without alt, and passes the same page once they are fixed', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent(PAGE('<p style="color:#ccc;background:#fff">Faint words</p><img src="data:," width="10">'));
    const ids = (await axeViolations(page)).map((v) => v.id).sort();
    expect(ids).toEqual(['color-contrast', 'image-alt']);
    const failure = await expectNoSeriousViolations(page, 'faint page').then(
      () => null,
      (error: unknown) => error as { actual?: unknown },
    );
    expect(failure?.actual).toEqual([
      expect.stringMatching(/^faint page: color-contrast \(serious\)/),
      expect.stringMatching(/^faint page: image-alt \(critical\)/),
    ]);

    await page.setContent(
      PAGE('<p style="color:#333;background:#fff">Clear words</p><img src="data:," alt="" width="10">'),
    );
    await expectNoSeriousViolations(page, 'clear page');
    await context.close();
  });

  it('runs only the named rules when given some', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>No main</title></head><body><p style="color:#ccc">x</p></body></html>',
    );
    expect((await axeViolations(page, ['landmark-one-main'])).map((v) => v.id)).toEqual(['landmark-one-main']);
    await context.close();
  });
});
