// The store contract for service slugs (docs/content-api.md, "Addresses"): both stores keep one service per slug
// with a unique index (MongoDB: slug_unique, made by the migration; embedded: services_slug), keep the history of
// earlier slugs, find a service by either, and leave services saved before slugs working.
import { describe, expect, it } from 'vitest';
import { sampleService } from '../../../../tests/support/server/samples';
import { backfillServiceSlugs, saveWithSlug } from '../../domain/service-slugs';
import { DuplicateKeyError } from '../types';
import { describeEachStoreFresh, MISSING_ID } from './harness';

describeEachStoreFresh((stores) => {
  describe('service slugs', () => {
    it('stores the slug and finds the service by it', async () => {
      const created = await stores.services.create(sampleService(1, { slug: 'tarot-reading' }));
      expect(created.slug).toBe('tarot-reading');
      expect(await stores.services.get(created._id)).toMatchObject({ slug: 'tarot-reading' });
      expect(await stores.services.findBySlug('tarot-reading')).toEqual(created);
      expect(await stores.services.findBySlug('tarot')).toBeNull();
    });

    it('refuses a second service with the same slug, on create and on update', async () => {
      const first = await stores.services.create(sampleService(1, { slug: 'tarot-reading' }));
      await expect(stores.services.create(sampleService(2, { slug: 'tarot-reading' }))).rejects.toEqual(
        new DuplicateKeyError('slug'),
      );
      const second = await stores.services.create(sampleService(2, { slug: 'healing' }));
      await expect(stores.services.update(second._id, { slug: 'tarot-reading' })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      expect((await stores.services.get(second._id))?.slug).toBe('healing');
      expect(await stores.services.findBySlug('tarot-reading')).toMatchObject({ _id: first._id });
      expect(await stores.services.list({ activeOnly: false })).toHaveLength(2);
    });

    it('lets exactly one of two services saved at the same moment have a slug', async () => {
      const results = await Promise.allSettled([
        stores.services.create(sampleService(1, { slug: 'same-moment' })),
        stores.services.create(sampleService(2, { slug: 'same-moment' })),
        stores.services.create(sampleService(3, { slug: 'same-moment' })),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const result of results.filter((r) => r.status === 'rejected')) {
        expect(result.reason).toEqual(new DuplicateKeyError('slug'));
      }
      const a = await stores.services.create(sampleService(4, { slug: 'left' }));
      const b = await stores.services.create(sampleService(5, { slug: 'right' }));
      const renames = await Promise.allSettled([
        stores.services.update(a._id, { slug: 'middle' }),
        stores.services.update(b._id, { slug: 'middle' }),
      ]);
      expect(renames.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const slugs = (await stores.services.list({ activeOnly: false })).map((s) => s.slug);
      expect(slugs.filter((slug) => slug === 'middle')).toHaveLength(1);
    });

    it('keeps earlier slugs when the slug changes, finds the service by them, and lets it go back', async () => {
      const created = await stores.services.create(sampleService(1, { slug: 'tarot' }));
      const renamed = await stores.services.update(created._id, { slug: 'tarot-reading' });
      expect(renamed).toMatchObject({ slug: 'tarot-reading', previousSlugs: ['tarot'] });
      await stores.services.update(created._id, { slug: 'tarot-and-oracle' });
      expect(await stores.services.findBySlug('tarot')).toMatchObject({ _id: created._id, slug: 'tarot-and-oracle' });
      expect(await stores.services.findBySlug('tarot-reading')).toMatchObject({ _id: created._id });
      // Saving without a slug change leaves the history alone.
      const kept = await stores.services.update(created._id, { name: 'Tarot & Oracle' });
      expect(kept?.previousSlugs).toEqual(['tarot', 'tarot-reading']);
      // Back to an earlier slug: it leaves the history, and the one it replaces joins it.
      const back = await stores.services.update(created._id, { slug: 'tarot' });
      expect(back).toMatchObject({ slug: 'tarot', previousSlugs: ['tarot-reading', 'tarot-and-oracle'] });
      expect(await stores.services.get(created._id)).toEqual(back);
    });

    it('finds the current holder of a slug before a service that had it earlier', async () => {
      const old = await stores.services.create(sampleService(1, { slug: 'reading' }));
      await stores.services.update(old._id, { slug: 'akashic-reading' });
      const now = await stores.services.create(sampleService(2, { slug: 'reading' }));
      expect(await stores.services.findBySlug('reading')).toMatchObject({ _id: now._id });
    });

    it('keeps services saved before slugs working, and gives them one without touching anything else', async () => {
      const a = await stores.services.create(sampleService(1, { name: 'Tarot Reading' }));
      const b = await stores.services.create(sampleService(2, { name: 'Tarot Reading' }));
      expect(a).not.toHaveProperty('slug');
      expect(await stores.services.list({ activeOnly: false })).toHaveLength(2);
      expect(await stores.services.update(b._id, { price: 1500 })).toMatchObject({ price: 1500 });

      expect(await backfillServiceSlugs(stores.services)).toBe(2);
      // The older service gets the plain slug; nothing else changes (not even updatedAt, nor the offer).
      expect(await stores.services.get(a._id)).toEqual({ ...a, slug: 'tarot-reading' });
      expect((await stores.services.get(b._id))?.slug).toBe('tarot-reading-2');
      expect(await backfillServiceSlugs(stores.services)).toBe(0);
      // setSlug never overwrites a slug and answers null for a missing service.
      expect(await stores.services.setSlug(a._id, 'other')).toBeNull();
      expect(await stores.services.setSlug(MISSING_ID, 'other')).toBeNull();
    });

    it('gives generated slugs a suffix when taken, also when saved at the same moment', async () => {
      const create = () =>
        saveWithSlug(stores.services, { typed: undefined, name: 'Energy Cleansing', selfId: null }, (slug) =>
          stores.services.create(sampleService(1, { name: 'Energy Cleansing', slug })),
        );
      const made = await Promise.all([create(), create(), create()]);
      expect(made.map((s) => s.slug).sort()).toEqual(['energy-cleansing', 'energy-cleansing-2', 'energy-cleansing-3']);
    });
  });
});
