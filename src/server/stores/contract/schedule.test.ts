// The store contract for offer and banner windows (docs/schedules.md; harness: ./harness.ts).
import { describe, expect, it } from 'vitest';
import { StoredBannerSchema } from '../../../shared/schemas/banner';
import { ServiceSchema } from '../../../shared/schemas/service';
import { sampleBanner, sampleService } from '../../../../tests/support/server/samples';
import { describeEachStoreFresh } from './harness';

const at = (iso: string) => new Date(iso);

describeEachStoreFresh((stores) => {
  describe('schedules', () => {
    it('keeps a window on services and banners, clears it with null, and reads old records without one', async () => {
      const window = { offerStart: '2026-11-01T03:30:00.000Z', offerEnd: '2026-11-05T18:30:00.000Z' };
      const service = await stores.services.create(sampleService(1, { offerPrice: 500, ...window }));
      expect(await stores.services.get(service._id)).toMatchObject(window);
      expect(ServiceSchema.parse(service)).toEqual(service);
      const cleared = await stores.services.update(service._id, { offerPrice: 500, offerStart: null, offerEnd: null });
      expect(cleared).toMatchObject({ offerStart: null, offerEnd: null });

      const banner = await stores.banners.create(
        sampleBanner(1, { startsAt: '2026-10-20T00:00:00.000Z', endsAt: '2026-11-03T00:00:00.000Z' }),
      );
      expect(await stores.banners.get(banner._id)).toMatchObject({ endsAt: '2026-11-03T00:00:00.000Z' });
      expect(StoredBannerSchema.parse(banner)).toEqual(banner);
      // An edit that leaves the window out keeps it; null clears it.
      expect(await stores.banners.update(banner._id, { title: 'Renamed' })).toMatchObject({
        startsAt: '2026-10-20T00:00:00.000Z',
      });
      expect(await stores.banners.update(banner._id, { endsAt: null })).toMatchObject({ endsAt: null });

      const old = await stores.banners.create(sampleBanner(2));
      expect(old.startsAt).toBeUndefined();
      expect(StoredBannerSchema.parse(old)).toEqual(old);
    });

    it('finds the next start or end after a moment, across services and banners', async () => {
      expect(await stores.schedule.nextBoundary(at('2026-01-01T00:00:00Z'))).toBeNull();
      await stores.services.create(sampleService(1)); // no window
      await stores.services.create(
        sampleService(2, {
          offerPrice: 400,
          offerStart: '2026-11-01T03:30:00.000Z',
          offerEnd: '2026-11-10T18:30:00.000Z',
        }),
      );
      await stores.banners.create(
        sampleBanner(1, { startsAt: '2026-11-03T00:00:00.000Z', endsAt: '2026-11-08T12:00:00.000Z' }),
      );
      await stores.banners.create(sampleBanner(2, { endsAt: null }));

      const next = (iso: string) => stores.schedule.nextBoundary(at(iso)).then((date) => date?.toISOString() ?? null);
      expect(await next('2026-10-01T00:00:00Z')).toBe('2026-11-01T03:30:00.000Z');
      // Strictly after: the boundary at the very moment is behind.
      expect(await next('2026-11-01T03:30:00.000Z')).toBe('2026-11-03T00:00:00.000Z');
      expect(await next('2026-11-04T00:00:00Z')).toBe('2026-11-08T12:00:00.000Z');
      expect(await next('2026-11-09T00:00:00Z')).toBe('2026-11-10T18:30:00.000Z');
      expect(await next('2026-11-10T18:30:00.000Z')).toBeNull();
    });

    it('ignores windows that cannot change the site: inactive records and dates without an offer price', async () => {
      await stores.services.create(
        sampleService(1, { isActive: false, offerPrice: 400, offerStart: '2026-11-01T00:00:00.000Z' }),
      );
      const { offerPrice: _none, ...withoutOffer } = sampleService(2, { offerEnd: '2026-11-02T00:00:00.000Z' });
      await stores.services.create(withoutOffer);
      await stores.banners.create(sampleBanner(1, { isActive: false, startsAt: '2026-11-03T00:00:00.000Z' }));
      expect(await stores.schedule.nextBoundary(at('2026-10-01T00:00:00Z'))).toBeNull();

      await stores.banners.create(sampleBanner(2, { startsAt: '2026-11-04T00:00:00.000Z' }));
      expect((await stores.schedule.nextBoundary(at('2026-10-01T00:00:00Z')))?.toISOString()).toBe(
        '2026-11-04T00:00:00.000Z',
      );
    });
  });
});
