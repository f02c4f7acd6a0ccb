import type { DatabaseSync } from 'node:sqlite';
import type { MetaStore } from '../types';
import { transaction } from './database';
import { kv } from './kv';

// Small named values such as the content version (src/server/stores/content-version.ts).

export function metaStore(db: DatabaseSync): MetaStore {
  const store = kv(db);
  return {
    async get<T>(key: string) {
      return store.get<T>(`meta:${key}`);
    },
    async set(key, value) {
      store.set(`meta:${key}`, value);
    },
    async increment(key) {
      return transaction(db, () => {
        const next = (store.get<number>(`meta:${key}`) ?? 0) + 1;
        store.set(`meta:${key}`, next);
        return next;
      });
    },
  };
}
