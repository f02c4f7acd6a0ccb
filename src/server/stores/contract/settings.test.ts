// The store contract for the site settings (harness: ./harness.ts; the model: docs/site-settings.md).
import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS_DEFAULTS, SiteSettingsSchema } from '../../../shared/schemas/site-settings';
import { settingsWith } from '../../../shared/schemas/site-settings.fixtures';
import { describeEachStoreFresh } from './harness';

describeEachStoreFresh((stores) => {
  describe('site settings', () => {
    const edited = (name: string) => settingsWith('identity.practitionerName', name);

    it('has no document until the first put, then keeps the whole document', async () => {
      expect(await stores.settings.get()).toBeNull();
      const saved = await stores.settings.put(edited('Asha Rao'));
      expect(saved).not.toBeNull();
      expect(SiteSettingsSchema.parse(saved)).toEqual(saved);
      expect(saved?.identity.practitionerName).toBe('Asha Rao');
      expect(await stores.settings.get()).toEqual(saved);
      const replaced = await stores.settings.put(SITE_SETTINGS_DEFAULTS);
      expect(await stores.settings.get()).toEqual(replaced);
      expect(replaced?.identity.practitionerName).toBe(SITE_SETTINGS_DEFAULTS.identity.practitionerName);
    });

    it('moves updatedAt forward with every write, even within one millisecond', async () => {
      const stamps: string[] = [];
      for (let i = 0; i < 5; i += 1) stamps.push((await stores.settings.put(edited(`Name ${i}`)))!.updatedAt);
      const sorted = [...stamps].sort();
      expect(new Set(stamps).size).toBe(5);
      expect(stamps).toEqual(sorted);
    });

    it('writes a versioned put only over the version it was given', async () => {
      expect(await stores.settings.put(edited('First'), { expectedUpdatedAt: 'nope' })).toBeNull();
      const first = await stores.settings.put(edited('First'), { expectedUpdatedAt: null });
      expect(first).not.toBeNull();
      expect(await stores.settings.put(edited('Again'), { expectedUpdatedAt: null })).toBeNull();
      const second = await stores.settings.put(edited('Second'), { expectedUpdatedAt: first!.updatedAt });
      expect(second?.identity.practitionerName).toBe('Second');
      // A writer still holding the first version lost the race: nothing is overwritten.
      expect(await stores.settings.put(edited('Stale'), { expectedUpdatedAt: first!.updatedAt })).toBeNull();
      expect((await stores.settings.get())?.identity.practitionerName).toBe('Second');
    });

    it('lets exactly one of several concurrent versioned puts win', async () => {
      const base = await stores.settings.put(edited('Base'));
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          stores.settings.put(edited(`Writer ${i}`), { expectedUpdatedAt: base!.updatedAt }),
        ),
      );
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      expect(await stores.settings.get()).toEqual(winners[0]);
    });
  });
});
