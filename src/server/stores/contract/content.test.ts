// The store contract for the content: services and banners (harness: ./harness.ts).
import { describe, expect, it } from 'vitest';
import { StoredBannerSchema } from '../../../shared/schemas/banner';
import { ServiceSchema } from '../../../shared/schemas/service';
import { isId } from '../ids';
import { sampleBanner, sampleService } from '../../../../tests/support/server/samples';
import type { Stores } from '../types';
import { describeEachStoreFresh, MISSING_ID, sleep } from './harness';

describeEachStoreFresh((stores) => {
  describe('services', () => {
    it('creates a service with a 24-hex id and server-owned fields, and reads it back', async () => {
      const created = await stores.services.create(sampleService(1));
      expect(isId(created._id)).toBe(true);
      expect(created).toMatchObject({ name: 'Sample service 1', testimonials: [], averageRating: 0 });
      expect(created.createdAt).toBe(created.updatedAt);
      expect(ServiceSchema.parse(created)).toEqual(created);
      expect(await stores.services.get(created._id)).toEqual(created);
    });

    it.each([
      ['an unknown id', MISSING_ID],
      ['a malformed id', 'not-an-id'],
      ['an upper-case id', 'AAAAAAAAAAAAAAAAAAAAAAAA'],
    ])('gets null for %s', async (_label, id) => {
      await stores.services.create(sampleService(1));
      expect(await stores.services.get(id)).toBeNull();
      expect(await stores.services.update(id, { name: 'x' })).toBeNull();
      expect(await stores.services.delete(id)).toBeNull();
    });

    it('lists newest first, even for services created within one millisecond', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await stores.services.create(sampleService(i)))._id);
      const listed = await stores.services.list({ activeOnly: false });
      expect(listed.map((s) => s._id)).toEqual([...ids].reverse());
    });

    it.each([
      { options: { activeOnly: false }, expected: ['featured-inactive', 'plain', 'featured', 'inactive'] },
      { options: { activeOnly: true }, expected: ['plain', 'featured'] },
      { options: { activeOnly: true, featured: true }, expected: ['featured'] },
      { options: { activeOnly: true, featured: false }, expected: ['plain'] },
      { options: { activeOnly: false, featured: true }, expected: ['featured-inactive', 'featured'] },
      { options: { activeOnly: false, limit: 2 }, expected: ['featured-inactive', 'plain'] },
      { options: { activeOnly: true, limit: 1 }, expected: ['plain'] },
    ])('lists with $options', async ({ options, expected }) => {
      await stores.services.create(sampleService(1, { name: 'inactive', isActive: false }));
      await stores.services.create(sampleService(2, { name: 'featured', isFeatured: true }));
      await stores.services.create(sampleService(3, { name: 'plain' }));
      await stores.services.create(sampleService(4, { name: 'featured-inactive', isFeatured: true, isActive: false }));
      const listed = await stores.services.list(options);
      expect(listed.map((s) => s.name)).toEqual(expected);
    });

    it('updates given fields, keeps the others, and moves updatedAt', async () => {
      const created = await stores.services.create(sampleService(1));
      await sleep(5);
      const updated = await stores.services.update(created._id, { name: 'Renamed', offerPrice: 500 });
      expect(updated).toMatchObject({
        _id: created._id,
        name: 'Renamed',
        offerPrice: 500,
        description: created.description,
        createdAt: created.createdAt,
      });
      expect(updated?.updatedAt && updated.updatedAt > created.updatedAt).toBe(true);
      expect(await stores.services.get(created._id)).toEqual(updated);
    });

    it('clears offerPrice when an update leaves it out (the form sends the whole service)', async () => {
      const created = await stores.services.create(sampleService(1, { offerPrice: 800 }));
      const { offerPrice: _dropped, ...withoutOffer } = sampleService(1, { name: 'No offer now' });
      const updated = await stores.services.update(created._id, withoutOffer);
      expect(updated).not.toHaveProperty('offerPrice');
      const stored = await stores.services.get(created._id);
      expect(stored).not.toHaveProperty('offerPrice');
      expect(stored?.name).toBe('No offer now');
      expect(ServiceSchema.safeParse(stored).success).toBe(true);
    });

    it('stores a service without an offer without an offerPrice key', async () => {
      const created = await stores.services.create(sampleService(1, { offerPrice: undefined }));
      expect(await stores.services.get(created._id)).not.toHaveProperty('offerPrice');
    });

    it('deletes and returns the deleted record', async () => {
      const created = await stores.services.create(sampleService(1));
      expect(await stores.services.delete(created._id)).toEqual(created);
      expect(await stores.services.get(created._id)).toBeNull();
      expect(await stores.services.delete(created._id)).toBeNull();
      expect(await stores.services.list({ activeOnly: false })).toEqual([]);
    });

    // The manual order (docs/admin.md, "Order on the site").
    it('starts the order with each new service, and follows a saved order in every list', async () => {
      const a = await stores.services.create(sampleService(1, { name: 'A', isFeatured: true }));
      const b = await stores.services.create(sampleService(2, { name: 'B', isActive: false }));
      const c = await stores.services.create(sampleService(3, { name: 'C', isFeatured: true }));
      expect([a.position, b.position, c.position]).toEqual([0, -1, -2]);
      expect(ServiceSchema.parse(c)).toEqual(c);

      await sleep(5);
      await stores.services.reorder([a._id, b._id, c._id]);
      const names = async (options: Parameters<Stores['services']['list']>[0]) =>
        (await stores.services.list(options)).map((s) => s.name);
      expect(await names({ activeOnly: false })).toEqual(['A', 'B', 'C']);
      expect(await names({ activeOnly: true })).toEqual(['A', 'C']);
      expect(await names({ activeOnly: true, featured: true, limit: 1 })).toEqual(['A']);
      // Reordering is not an edit of the service: updatedAt stays.
      expect(await stores.services.get(a._id)).toEqual({ ...a, position: 0 });

      const d = await stores.services.create(sampleService(4, { name: 'D' }));
      expect(d.position).toBe(-1);
      expect(await names({ activeOnly: false })).toEqual(['D', 'A', 'B', 'C']);
      // An update keeps the place.
      await stores.services.update(c._id, { name: 'C2' });
      expect(await names({ activeOnly: false })).toEqual(['D', 'A', 'B', 'C2']);
    });
  });

  describe('banners', () => {
    it('keeps the link as one field (the API edge adds its linkUrl alias)', async () => {
      const created = await stores.banners.create(sampleBanner(1, { link: 'https://example.org/x' }));
      expect(created).toMatchObject({ link: 'https://example.org/x' });
      expect(created).not.toHaveProperty('linkUrl');
      expect(isId(created._id)).toBe(true);
      expect(StoredBannerSchema.strict().parse(created)).toEqual(created);
      expect(await stores.banners.get(created._id)).toEqual(created);
      const updated = await stores.banners.update(created._id, { link: '/service' });
      expect(updated).toMatchObject({ link: '/service', title: 'Banner 1' });
      expect((await stores.banners.get(created._id))?.link).toBe('/service');
    });

    it('lists by order, then oldest first; public reads see active banners only', async () => {
      await stores.banners.create(sampleBanner(1, { title: 'second', order: 1 }));
      await stores.banners.create(sampleBanner(2, { title: 'first', order: 0 }));
      await stores.banners.create(sampleBanner(3, { title: 'third', order: 1 }));
      await stores.banners.create(sampleBanner(4, { title: 'hidden', order: 0, isActive: false }));
      const all = await stores.banners.list({ activeOnly: false });
      expect(all.map((b) => b.title)).toEqual(['first', 'hidden', 'second', 'third']);
      const active = await stores.banners.list({ activeOnly: true });
      expect(active.map((b) => b.title)).toEqual(['first', 'second', 'third']);
    });

    it('updates, deletes, and answers null for unknown ids', async () => {
      const created = await stores.banners.create(sampleBanner(1));
      const updated = await stores.banners.update(created._id, { order: 3, isActive: false });
      expect(updated).toMatchObject({ order: 3, isActive: false, title: created.title, mediaUrl: created.mediaUrl });
      expect(await stores.banners.update(MISSING_ID, { order: 1 })).toBeNull();
      expect(await stores.banners.delete(created._id)).toMatchObject({ _id: created._id, link: created.link });
      expect(await stores.banners.get(created._id)).toBeNull();
      expect(await stores.banners.delete('nope')).toBeNull();
    });

    it('puts a banner created without an order at the end, and rewrites the order without ties', async () => {
      const { order: _o, ...noOrder } = sampleBanner(1);
      const x = await stores.banners.create({ ...noOrder, title: 'X' });
      const y = await stores.banners.create({ ...noOrder, title: 'Y', order: 5 });
      const z = await stores.banners.create({ ...noOrder, title: 'Z', isActive: false });
      expect([x.order, y.order, z.order]).toEqual([0, 5, 6]);
      await stores.banners.reorder([z._id, x._id, y._id]);
      const all = await stores.banners.list({ activeOnly: false });
      expect(all.map((b) => [b.title, b.order])).toEqual([
        ['Z', 0],
        ['X', 1],
        ['Y', 2],
      ]);
      expect((await stores.banners.list({ activeOnly: true })).map((b) => b.title)).toEqual(['X', 'Y']);
      expect(await stores.banners.get(x._id)).toEqual({ ...x, order: 1 });
    });
  });
});
