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
      const item = items.get(key);
      // A copy, as a real store would hand out: callers may not alter what is stored.
      return item ? { data: item.data.slice(), contentType: item.contentType } : null;
    },
    async stat(key) {
      const item = items.get(key);
      return item ? { contentType: item.contentType, size: item.data.byteLength } : null;
    },
    async delete(key) {
      items.delete(key);
    },
    async list(prefix) {
      return [...items.keys()].filter((key) => key.startsWith(prefix));
    },
  };
}
