import type { MediaStore, StoredMedia } from './types';

/** An in-process media store for route tests; the local server and production use Netlify Blobs. */
export function createMemoryMediaStore(): MediaStore & { readonly items: Map<string, StoredMedia> } {
  const items = new Map<string, StoredMedia>();
  return {
    items,
    async put(key, data, contentType) {
      items.set(key, { data: data.slice(), contentType });
    },
    async get(key) {
      return items.get(key) ?? null;
    },
    async delete(key) {
      items.delete(key);
    },
    async list(prefix) {
      return [...items.keys()].filter((key) => key.startsWith(prefix));
    },
  };
}
