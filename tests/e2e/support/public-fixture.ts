// The public site's content for the browser tests, made ready on a server of its own: the test services, banners and
// settings written into a fresh store before it starts, then two images and a video banner put in through the admin
// API (real /media/ uploads), and the rebuild awaited. No vitest hooks here: the shared-site coordinator
// (tests/setup/shared-sites.ts) runs it once for the files that only read it, and support/public-site.ts runs it in
// the beforeAll of a file that writes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Banner } from '../../../src/shared/schemas/banner';
import type { Service } from '../../../src/shared/schemas/service';
import { SITE_SETTINGS_DEFAULTS } from '../../../src/shared/schemas/site-settings';
import { bannerFormData } from '../../support/factories';
import { makeMp4 } from '../../support/media-files';
import { banner, createServices, fullService, minimalService, withStores } from './public-content';
import { waitForLiveBuild } from './publish';
import { startServer, type RunningServer } from './server';

export const XSS = '<img src=x onerror=alert(1)>';
const ADMIN = { username: 'ishita', email: 'ishita@example.test', password: 'lotus-light-2023' };
export const RETREAT_URL = 'https://retreat.example.org/winter';

export interface PublicFixtureIds {
  full: string;
  minimal: string;
  xss: string;
  listOnly: string;
  inactive: string;
}

/** A running server with the public fixture's content, live and built. */
export interface PublicFixture {
  server: RunningServer;
  dataDir: string;
  services: Service[];
  banners: Banner[];
  ids: PublicFixtureIds;
}

async function artwork(hue: string): Promise<File> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><radialGradient id="g">
    <stop offset="0" stop-color="#f0dcaa"/><stop offset="1" stop-color="${hue}"/></radialGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/><circle cx="600" cy="400" r="220" fill="none" stroke="#fff"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return new File([new Uint8Array(jpeg)], 'art.jpg', { type: 'image/jpeg' });
}

/** A fixture step that must succeed: its status, or the server's log to say why not. */
function expectStatus(response: Response, status: number, step: string, server: RunningServer): void {
  if (response.status !== status) {
    throw new Error(`${step}: expected ${status}, got ${response.status}\n${server.output()}`);
  }
}

/** Fills a fresh data folder, starts its server and puts the pictures in; `stop()` also removes the folder. */
export async function preparePublicFixture(): Promise<PublicFixture> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sg-public-'));
  let ids!: PublicFixtureIds;
  await withStores(dataDir, async (stores) => {
    const [full, minimal, xss, , , listOnly, inactive] = await createServices(stores, [
      fullService(),
      minimalService(),
      fullService({
        name: `Energy Cleansing ${XSS}`,
        category: 'Energy Cleansing',
        description: `Before ${XSS} after.`,
        offerPrice: undefined,
        price: 2500,
      }),
      fullService({ name: 'Past Life Regression', category: 'Past Life Regression', price: 4500, offerPrice: 3999 }),
      fullService({ name: 'Maha Kali Healing', category: 'Maha Kali Healing', price: 3300, offerPrice: undefined }),
      minimalService({ name: 'Numerology Insight', category: 'Numerology', isFeatured: false }),
      minimalService({ name: 'Hidden Draft Service', isActive: false }),
    ]);
    ids = {
      full: full!._id,
      minimal: minimal!._id,
      xss: xss!._id,
      listOnly: listOnly!._id,
      inactive: inactive!._id,
    };
    await stores.banners.create(banner({ title: 'A quiet retreat for the heart', link: RETREAT_URL, order: 0 }));
    await stores.banners.create(banner({ title: 'Healing sessions, now online', link: '', order: 1 }));
    // The practitioner's site settings (docs/site-settings.md): contact details and three social links set
    // (WhatsApp from its number).
    await stores.settings.put({
      ...SITE_SETTINGS_DEFAULTS,
      contact: {
        ...SITE_SETTINGS_DEFAULTS.contact,
        email: 'hello@soulguidance.in',
        phone: '+91 98765 43210',
        whatsapp: '+91 98765 43210',
      },
      social: {
        ...SITE_SETTINGS_DEFAULTS.social,
        instagram: 'https://instagram.com/example',
        youtube: 'https://youtube.com/@example',
      },
    });
  });
  const started = await startServer({ dataDir });
  const server: RunningServer = {
    ...started,
    async stop() {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    const json = async <T>(pathname: string, init?: RequestInit): Promise<T> =>
      (await (await fetch(`${server.url}${pathname}`, init)).json()) as T;

    // Two real uploads through the admin API: the full service's image and the first banner's picture.
    const init = await json<{ token: string }>('/api/admin/auth/init', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const auth = { Authorization: `Bearer ${init.token}` };
    const current = (await json<{ data: Service }>(`/api/admin/services/${ids.full}`, { headers: auth })).data;
    const form = new FormData();
    for (const [key, value] of Object.entries(current)) {
      if (['_id', 'createdAt', 'updatedAt', 'image', 'testimonials', 'averageRating'].includes(key)) continue;
      form.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    form.set('image', await artwork('#4b2c58'));
    const put = await fetch(`${server.url}/api/admin/services/${ids.full}`, {
      method: 'PUT',
      headers: auth,
      body: form,
    });
    expectStatus(put, 200, 'The service picture upload', server);

    const firstBanner = (await json<{ data: Banner[] }>('/api/banners')).data[0]!;
    const bannerForm = bannerFormData(
      { title: firstBanner.title, description: firstBanner.description, link: RETREAT_URL, order: 0 },
      await artwork('#1e1840'),
    );
    const bannerPut = await fetch(`${server.url}/api/banners/${firstBanner._id}`, {
      method: 'PUT',
      headers: auth,
      body: bannerForm,
    });
    expectStatus(bannerPut, 200, 'The banner picture upload', server);

    // A third banner: a video (a real, small H.264 MP4), last in order.
    const video = makeMp4({ width: 64, height: 48, fps: 10, totalBytes: 40_000 }).bytes;
    const videoForm = bannerFormData(
      { title: 'Moonlight meditation', description: 'A short moving image.', link: '/about', order: 2 },
      new File([video], 'moon.mp4', { type: 'video/mp4' }),
    );
    const videoPost = await fetch(`${server.url}/api/banners`, { method: 'POST', headers: auth, body: videoForm });
    expectStatus(videoPost, 201, 'The video banner upload', server);
    await waitForLiveBuild(server.url, auth, () => server.output(), 120_000);

    return {
      server,
      dataDir,
      ids,
      services: (await json<{ data: Service[] }>('/api/services')).data,
      banners: (await json<{ data: Banner[] }>('/api/banners')).data,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
