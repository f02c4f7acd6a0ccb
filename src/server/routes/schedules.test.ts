// Time-boxed offers and banners through the real app (docs/schedules.md): the admin saves a window in UTC, the public
// API (and so the client-rendered service page) shows the offer and the banner only inside it, and the build reads
// the same rule.
import { describe, expect, it } from 'vitest';
import type { Banner } from '../../shared/schemas/banner';
import type { Service } from '../../shared/schemas/service';
import { readSiteContent } from '../content/site-content';
import { sampleBanner, sampleService } from '../../../tests/support/server/samples';
import { setupBannersApp, setupServicesApp, type Reply } from '../../../tests/support/server/content-app';
import { bannerFields, file, fileBytes, formData, serviceFields } from '../../../tests/support/server/content';
import { postForm } from './content-routes.fixtures';

const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

describe('offer windows', () => {
  it('saves the window the portal sends, in UTC, and clears it with empty fields', async () => {
    const { create, send } = await setupServicesApp();
    const service = await create({
      ...serviceFields(),
      offerStart: '2026-11-01T09:00:00+05:30',
      offerEnd: '2026-11-05T23:59:00+05:30',
    });
    expect(service).toMatchObject({ offerStart: '2026-11-01T03:30:00.000Z', offerEnd: '2026-11-05T18:29:00.000Z' });
    const response = await send(
      'PUT',
      `/${service._id}`,
      formData({ ...serviceFields(), offerStart: '', offerEnd: '' }),
    );
    const updated = ((await response.json()) as Reply & { data: Service }).data;
    expect(updated).toMatchObject({ offerStart: null, offerEnd: null, offerPrice: 1800 });
  });

  it('shows the offer price publicly only inside its window, in the list and on the service page', async () => {
    const { app, deps, send } = await setupServicesApp();
    const make = (name: string, offerStart: string | null, offerEnd: string | null) =>
      deps.stores.services.create(sampleService(1, { name, price: 1000, offerPrice: 800, offerStart, offerEnd }));
    const running = await make('running', iso(-HOUR), iso(HOUR));
    const planned = await make('planned', iso(HOUR), iso(2 * HOUR));
    const ended = await make('ended', iso(-2 * HOUR), iso(-HOUR));
    const open = await make('open-ended', null, null);
    await deps.stores.services.create({ ...sampleService(2, { name: 'legacy', price: 1000, offerPrice: 700 }) });

    const list = ((await (await app.request('/api/services')).json()) as { data: Service[] }).data;
    const offers = Object.fromEntries(list.map((s) => [s.name, s.offerPrice ?? null]));
    expect(offers).toEqual({ running: 800, planned: null, ended: null, 'open-ended': 800, legacy: 700 });
    // An offer planned for later is not given away early: neither its price nor its dates.
    expect(list.find((s) => s.name === 'planned')).not.toHaveProperty('offerStart');

    const one = async (id: string) =>
      ((await (await app.request(`/api/services/${id}`)).json()) as { data: Service }).data;
    expect((await one(running._id)).offerPrice).toBe(800);
    expect((await one(planned._id)).offerPrice).toBeUndefined();
    expect((await one(ended._id)).offerPrice).toBeUndefined();
    expect((await one(open._id)).offerPrice).toBe(800);

    // The portal sees every offer and window as saved.
    const admin = ((await (await send('GET', '')).json()) as { data: Service[] }).data;
    expect(admin.find((s) => s.name === 'planned')).toMatchObject({ offerPrice: 800, offerStart: planned.offerStart });
  });

  it('does not keep serving a cached list past the moment a window opens', async () => {
    const { app, deps } = await setupServicesApp();
    // Opens 300 ms from now: the first read is before, the second after, with no write in between.
    await deps.stores.services.create(
      sampleService(1, { name: 'soon', price: 1000, offerPrice: 800, offerStart: iso(300) }),
    );
    const offer = async () =>
      ((await (await app.request('/api/services')).json()) as { data: Service[] }).data[0]?.offerPrice;
    expect(await offer()).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await offer()).toBe(800);
  });

  it('builds the static pages with the offers and banners as their windows stand at build time', async () => {
    const { deps } = await setupServicesApp();
    await deps.stores.services.create(
      sampleService(1, {
        name: 'festival',
        offerPrice: 500,
        offerStart: '2026-11-01T00:00:00.000Z',
        offerEnd: '2026-11-05T00:00:00.000Z',
      }),
    );
    await deps.stores.banners.create(sampleBanner(1, { title: 'Diwali', endsAt: '2026-11-05T00:00:00.000Z' }));
    const during = await readSiteContent(deps.stores, new Date('2026-11-02T00:00:00Z'));
    expect(during.services[0]?.offerPrice).toBe(500);
    expect(during.banners.map((b) => b.title)).toEqual(['Diwali']);
    expect(during.readAt.toISOString()).toBe('2026-11-02T00:00:00.000Z');
    const after = await readSiteContent(deps.stores, new Date('2026-11-05T00:00:00Z'));
    expect(after.services[0]?.offerPrice).toBeUndefined();
    expect(after.banners).toEqual([]);
  });
});

describe('banner windows', () => {
  it('saves a window, refuses an end before the start, and shows the public only the banners inside their window', async () => {
    const { app, send, create, deps } = await setupBannersApp();
    const refused = await postForm(
      send,
      { ...bannerFields(), startsAt: iso(2 * HOUR), endsAt: iso(HOUR) },
      { media: file(fileBytes.jpeg(), 'b.jpg', 'image/jpeg') },
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Reply).errors?.endsAt).toBe('The banner must end after it starts');

    const now = await create({ ...bannerFields(), title: 'Now', startsAt: iso(-HOUR), endsAt: iso(HOUR) });
    expect(now.startsAt).toMatch(/Z$/);
    await create({ ...bannerFields(), title: 'Later', startsAt: iso(HOUR), endsAt: '' });
    await create({ ...bannerFields(), title: 'Over', startsAt: '', endsAt: iso(-HOUR) });
    await deps.stores.banners.create(sampleBanner(9, { title: 'Legacy' }));

    const publicTitles = ((await (await app.request('/api/banners')).json()) as { data: Banner[] }).data.map(
      (b) => b.title,
    );
    expect(publicTitles.sort()).toEqual(['Legacy', 'Now']);
    const adminTitles = ((await (await send('GET', '')).json()) as { data: Banner[] }).data.map((b) => b.title);
    expect(adminTitles.sort()).toEqual(['Later', 'Legacy', 'Now', 'Over']);
  });
});
