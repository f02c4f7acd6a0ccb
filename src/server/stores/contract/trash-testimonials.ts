// The trash and testimonial families of the store contract, run on every implementation by ./trash.test.ts
// (harness: ./harness.ts).
import { describe, expect, it } from 'vitest';
import { ContactMessageSchema } from '../../../shared/schemas/contact';
import { ServiceSchema } from '../../../shared/schemas/service';
import { TestimonialRecordSchema } from '../../../shared/schemas/testimonial';
import { isId } from '../ids';
import type { Stores, NewTestimonial } from '../types';
import { sampleBanner, sampleService } from '../../../../tests/support/server/samples';
import { MISSING_ID } from './harness';

const DAY = 86_400_000;

export function trashContract(stores: () => Stores): void {
  describe('trash', () => {
    it('moves a service in whole and restores it under the same id, unchanged', async () => {
      const s = stores();
      const service = await s.services.create(sampleService(1));
      const now = new Date();
      const record = await s.trash.moveIn('service', service._id, now, new Date(now.getTime() + 30 * DAY));
      expect(record).toMatchObject({ _id: service._id, kind: 'service', name: 'Sample service 1' });
      expect(record?.deletedAt).toBe(now.toISOString());
      expect(await s.services.get(service._id)).toBeNull();
      expect(await s.services.list({ activeOnly: false })).toEqual([]);
      expect(await s.trash.get(service._id)).toEqual(record);
      expect(await s.trash.restore(service._id)).toEqual(record);
      const back = await s.services.get(service._id);
      expect(back).toEqual(service);
      expect(ServiceSchema.parse(back)).toEqual(service);
      expect(await s.trash.list()).toEqual([]);
      expect(await s.trash.restore(service._id)).toBeNull();
    });

    it('takes banners and messages, lists newest first, and removes for good', async () => {
      const s = stores();
      const banner = await s.banners.create(sampleBanner(1));
      const message = await s.contact.create({
        name: 'Asha',
        email: 'a@example.com',
        phone: '',
        subject: 'Other',
        message: 'Hi',
      });
      const t0 = Date.now();
      const expires = new Date(t0 + 30 * DAY);
      await s.trash.moveIn('banner', banner._id, new Date(t0), expires);
      await s.trash.moveIn('message', message._id, new Date(t0 + 1000), expires);
      expect((await s.trash.list()).map((r) => [r.kind, r.name])).toEqual([
        ['message', 'Asha: Other'],
        ['banner', 'Banner 1'],
      ]);
      expect(await s.trash.restore(banner._id)).not.toBeNull();
      expect(await s.banners.get(banner._id)).toEqual(banner);
      expect((await s.banners.list({ activeOnly: false })).map((b) => b._id)).toEqual([banner._id]);
      expect(await s.trash.remove(message._id)).toMatchObject({ kind: 'message' });
      expect(await s.contact.get(message._id)).toBeNull();
      expect(await s.trash.list()).toEqual([]);
      expect(ContactMessageSchema.safeParse(message).success).toBe(true);
    });

    it('answers null for unknown, malformed, or wrong-kind ids', async () => {
      const s = stores();
      const banner = await s.banners.create(sampleBanner(1));
      const now = new Date();
      for (const id of [MISSING_ID, 'not-an-id']) {
        expect(await s.trash.moveIn('service', id, now, now)).toBeNull();
        expect(await s.trash.get(id)).toBeNull();
        expect(await s.trash.restore(id)).toBeNull();
        expect(await s.trash.remove(id)).toBeNull();
      }
      expect(await s.trash.moveIn('service', banner._id, now, now)).toBeNull();
      expect(await s.banners.get(banner._id)).toEqual(banner);
    });

    it('purges only the entries whose expiry has passed', async () => {
      const s = stores();
      const old = await s.services.create(sampleService(1));
      const fresh = await s.services.create(sampleService(2));
      const now = Date.now();
      await s.trash.moveIn('service', old._id, new Date(now - 31 * DAY), new Date(now - DAY));
      await s.trash.moveIn('service', fresh._id, new Date(now), new Date(now + 30 * DAY));
      const purged = await s.trash.purgeExpired(new Date(now));
      expect(purged.map((r) => r._id)).toEqual([old._id]);
      expect((await s.trash.list()).map((r) => r._id)).toEqual([fresh._id]);
    });
  });
}

const sampleTestimonial = (i: number, overrides: Partial<NewTestimonial> = {}): NewTestimonial => ({
  name: `Client ${i}`,
  text: `Kind words ${i}.`,
  rating: 5,
  date: '2026-10-01',
  isVisible: true,
  featuredOnHome: false,
  order: i,
  ...overrides,
});

export function testimonialContract(stores: () => Stores): void {
  describe('testimonials', () => {
    it('creates with a 24-hex id, reads back, and lists by order then oldest first', async () => {
      const s = stores();
      const b = await s.testimonials.create(sampleTestimonial(2, { serviceId: MISSING_ID }));
      const a = await s.testimonials.create(sampleTestimonial(1));
      const c = await s.testimonials.create(sampleTestimonial(2, { name: 'Client 3' }));
      expect(isId(a._id)).toBe(true);
      expect(TestimonialRecordSchema.parse(b)).toEqual(b);
      expect(await s.testimonials.get(b._id)).toEqual(b);
      expect((await s.testimonials.list()).map((t) => t._id)).toEqual([a._id, b._id, c._id]);
    });

    it('replaces the editable fields (clearing an absent rating or service), deletes, and answers null', async () => {
      const s = stores();
      const created = await s.testimonials.create(sampleTestimonial(1, { serviceId: MISSING_ID }));
      const { rating: _r, serviceId: _s, ...rest } = sampleTestimonial(1);
      const replaced = await s.testimonials.replace(created._id, { ...rest, text: 'New', isVisible: false, order: 4 });
      expect(replaced).toMatchObject({ _id: created._id, text: 'New', isVisible: false, order: 4 });
      expect(replaced).not.toHaveProperty('rating');
      expect(replaced).not.toHaveProperty('serviceId');
      expect(replaced?.createdAt).toBe(created.createdAt);
      expect(await s.testimonials.get(created._id)).toEqual(replaced);
      expect(await s.testimonials.replace(MISSING_ID, sampleTestimonial(1))).toBeNull();
      expect(await s.testimonials.delete(created._id)).toEqual(replaced);
      expect(await s.testimonials.get(created._id)).toBeNull();
      expect(await s.testimonials.delete('nope')).toBeNull();
    });
  });
}
