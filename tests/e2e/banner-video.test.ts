// Banner videos and bandwidth (docs/public-site.md, "Banner video"; docs/costs.md): the demo's three picture banners
// plus a video banner (fourth, so out of view at load). No video bytes are fetched before its slide is in view; in
// view it plays, unless the visitor asked for less motion or less data (Save-Data emulated by an init script).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp4 } from '../support/media-files';
import { initAdminViaApi } from './support/admin';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { expectAccessible } from './support/public-content';
import { waitUntilPublished } from './support/publish';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let videoUrl = '';

async function api(token: string, method: string, path: string, body?: BodyInit, type?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (type) headers['Content-Type'] = type;
  const response = await fetch(`${server.url}${path}`, { method, headers, body: body ?? null });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

beforeAll(async () => {
  server = await startServer();
  const token = await initAdminViaApi(server.url);
  const bytes = makeMp4({ width: 320, height: 176, fps: 10, totalBytes: 600_000 }).bytes;
  const started = await api(
    token,
    'POST',
    '/api/admin/uploads',
    JSON.stringify({ size: bytes.byteLength, contentType: 'video/mp4', purpose: 'banner' }),
    'application/json',
  );
  await api(
    token,
    'PUT',
    `/api/admin/uploads/${String(started['uploadId'])}/chunks/0`,
    bytes,
    'application/octet-stream',
  );
  const committed = await api(token, 'POST', `/api/admin/uploads/${String(started['uploadId'])}/commit`);
  videoUrl = String(committed['mediaUrl']);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: 'Evening meditation',
    description: 'Sit with me for twenty quiet minutes.',
    link: '/service',
    mediaType: 'video',
    mediaUrl: videoUrl,
    mediaAlt: '',
    isActive: 'true',
  }))
    form.set(name, value);
  await api(token, 'POST', '/api/banners', form);
  await waitUntilPublished(server.url, token);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sizes = [
  ['390', { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true }],
  ['1280', { viewport: VIEWPORTS.desktop }],
] as const;

type Mode = 'normal' | 'reduced' | 'save-data';

async function openHome(options: (typeof sizes)[number][1], mode: Mode) {
  const context: BrowserContext = await browser.newContext({
    ...options,
    reducedMotion: mode === 'reduced' ? 'reduce' : 'no-preference',
  });
  await context.addInitScript((saveData: boolean) => {
    if (saveData) Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) });
    // Every play() call, whatever the codecs of this Chromium can decode.
    const plays: string[] = [];
    (window as unknown as { plays: string[] }).plays = plays;
    const play = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'play')?.value as (
      this: HTMLMediaElement,
    ) => Promise<void>;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      plays.push(this.getAttribute('src') ?? '');
      return play.call(this);
    };
  }, mode === 'save-data');
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === videoUrl) videoRequests.push(request.url());
  });
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  return { context, page, errors, videoRequests };
}

const plays = (page: Page) => page.evaluate(() => (window as unknown as { plays: string[] }).plays.slice());

/** Brings the video slide (the fourth) into view with its dot, as a visitor would. */
async function showVideoSlide(page: Page) {
  await page.locator('.banner-carousel__dot').nth(3).click();
  await page.waitForTimeout(1_200);
}

describe('banner video', () => {
  it.each(sizes)('fetches nothing before its slide is in view, then plays it (%s)', async (label, options) => {
    const { context, page, errors, videoRequests } = await openHome(options, 'normal');
    const video = page.locator(`.banner-carousel video[src="${videoUrl}"]`);
    expect(await video.getAttribute('preload')).toBe('none');
    expect(await video.getAttribute('autoplay')).toBeNull();
    await page.waitForTimeout(1_000);
    expect(videoRequests).toEqual([]);
    expect(await plays(page)).toEqual([]);
    await expectAccessible(page, `home with a video banner ${label}`);
    await showVideoSlide(page);
    await expect.poll(() => plays(page)).toContain(videoUrl);
    expect(videoRequests.length).toBeGreaterThan(0);
    await savePicture(page, { path: `/tmp/media-shots/banner-video-${label}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(sizes)('plays nothing by itself under reduced motion or Save-Data (%s)', async (label, options) => {
    for (const mode of ['reduced', 'save-data'] as const) {
      const { context, page, errors, videoRequests } = await openHome(options, mode);
      await showVideoSlide(page);
      // The video's slide is the one in view now (the slides may move on later: Save-Data alone keeps autoplay).
      const inView = await page
        .locator(`.banner-carousel video[src="${videoUrl}"]`)
        .evaluate((v) => Math.abs(v.getBoundingClientRect().left) < 2);
      expect(inView, mode).toBe(true);
      expect(await plays(page), mode).toEqual([]);
      expect(
        await page.locator(`.banner-carousel video[src="${videoUrl}"]`).evaluate((v: HTMLVideoElement) => v.paused),
      ).toBe(true);
      // Save-Data: not even the metadata.
      if (mode === 'save-data') expect(videoRequests).toEqual([]);
      await expectAccessible(page, `video banner, ${mode} ${label}`);
      await savePicture(page, { path: `/tmp/media-shots/banner-video-${mode}-${label}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
