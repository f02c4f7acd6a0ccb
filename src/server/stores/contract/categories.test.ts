// The store contract for the service categories (harness: ./harness.ts; the model: docs/categories.md).
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from '../../../shared/schemas/category';
import { SERVICE_CATEGORIES } from '../../../shared/constants';
import { sampleService } from '../../../../tests/support/server/samples';
import { describeEachStoreFresh } from './harness';

describeEachStoreFresh((stores) => {
  describe('categories', () => {
    it("holds the spec's categories in the spec's order until a list is saved (an existing store keeps working)", async () => {
      const list = await stores.categories.list();
      expect(list.map((c) => c.name)).toEqual([...SERVICE_CATEGORIES]);
      expect(list.every((c) => !c.hidden)).toBe(true);
    });

    it('keeps a saved list whole: additions, order and hidden flags', async () => {
      const next = [
        { name: 'Reiki', hidden: false },
        ...DEFAULT_CATEGORIES.slice(1).reverse(),
        { name: 'Akashic Records Reading', hidden: true },
      ];
      await stores.categories.save(next);
      expect(await stores.categories.list()).toEqual(next);
      await stores.categories.save([{ name: 'Only', hidden: false }]);
      expect(await stores.categories.list()).toEqual([{ name: 'Only', hidden: false }]);
    });

    it('renames a category and moves every service that carries it, leaving the others alone', async () => {
      const tarot = await Promise.all(
        [1, 2, 3].map((n) => stores.services.create({ ...sampleService(n), category: 'Tarot Reading' })),
      );
      const other = await stores.services.create({ ...sampleService(4), category: 'Astrology' });
      expect(await stores.categories.countServices('Tarot Reading')).toBe(3);
      const result = await stores.categories.rename('tarot reading', 'Tarot & Oracle');
      expect(result?.moved).toBe(3);
      expect(result?.categories[1]).toEqual({ name: 'Tarot & Oracle', hidden: false });
      expect((await stores.categories.list())[1]?.name).toBe('Tarot & Oracle');
      for (const s of tarot) expect((await stores.services.get(s._id))?.category).toBe('Tarot & Oracle');
      expect((await stores.services.get(other._id))?.category).toBe('Astrology');
      expect(await stores.categories.countServices('Tarot Reading')).toBe(0);
      expect(await stores.categories.countServices('Tarot & Oracle')).toBe(3);
    });

    it('answers null when renaming a category the list does not have', async () => {
      expect(await stores.categories.rename('No such thing', 'Anything')).toBeNull();
      expect((await stores.categories.list()).map((c) => c.name)).toEqual([...SERVICE_CATEGORIES]);
    });
  });
});
