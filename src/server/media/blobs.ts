import { getStore } from '@netlify/blobs';
import type { MediaStore } from './types';

/**
 * Netlify Blobs. `getStore` is called per operation, inside the request, as Netlify requires; strong consistency
 * so the admin sees its own uploads at once.
 */
export function createBlobsMediaStore(storeName = 'media'): MediaStore {
  const store = () => getStore({ name: storeName, consistency: 'strong' });
  return {
    async put(key, data, contentType) {
      // Copy into a standalone ArrayBuffer: a Uint8Array may be a view on a larger shared buffer.
      const buffer = data.slice().buffer;
      await store().set(key, buffer, { metadata: { contentType } });
    },
    async get(key) {
      const result = await store().getWithMetadata(key, { type: 'arrayBuffer' });
      if (!result) return null;
      const contentType =
        typeof result.metadata['contentType'] === 'string'
          ? result.metadata['contentType']
          : 'application/octet-stream';
      return { data: new Uint8Array(result.data), contentType };
    },
    async delete(key) {
      await store().delete(key);
    },
    async list(prefix) {
      const { blobs } = await store().list({ prefix });
      return blobs.map((blob) => blob.key);
    },
  };
}
