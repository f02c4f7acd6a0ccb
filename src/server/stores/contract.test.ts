// The store contract, run against every implementation (harness and the families: ./contract/). This file keeps what
// belongs to no one family: the kind, the meta store and closing. New families go in ./contract/<family>.test.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStoresEachTest, storeImplementations } from './contract/harness';
import type { Stores } from './types';

for (const impl of storeImplementations()) {
  describe.skipIf(!impl.available)(`${impl.name} stores`, () => {
    const current = freshStoresEachTest(impl);
    let stores: Stores;
    beforeEach(() => {
      stores = current();
    });

    it('reports its kind', () => {
      expect(stores.kind).toBe(impl.name);
    });

    describe('meta', () => {
      it('keeps JSON values', async () => {
        expect(await stores.meta.get('missing')).toBeNull();
        await stores.meta.set('status', { state: 'idle', at: new Date('2026-01-02T03:04:05.000Z'), gone: undefined });
        expect(await stores.meta.get('status')).toEqual({ state: 'idle', at: '2026-01-02T03:04:05.000Z' });
        await stores.meta.set('status', 'replaced');
        expect(await stores.meta.get('status')).toBe('replaced');
      });

      it('increments atomically from zero', async () => {
        expect(await stores.meta.increment('contentVersion')).toBe(1);
        expect(await stores.meta.increment('contentVersion')).toBe(2);
        const values = await Promise.all(Array.from({ length: 20 }, () => stores.meta.increment('burst')));
        expect(values.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        expect(await stores.meta.get<number>('contentVersion')).toBe(2);
      });
    });

    it('closes twice without error', async () => {
      await stores.close();
      await stores.close();
    });
  });
}
