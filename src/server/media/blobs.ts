import { getStore } from '@netlify/blobs';
import type { MediaStore } from './types';

/**
 * Netlify Blobs. `getStore` is called per operation, inside the request, as Netlify requires; strong consistency
 * so the admin sees its own uploads at once. The content type and byte size travel as metadata, so `stat` need not
 * download the blob.
 */
export function createBlobsMediaStore(
  storeName = 'media',
  /**
   * Explicit access, for code outside functions: the build plugin that copies media into the publish folder passes
   * its `constants.SITE_ID` and `constants.NETLIFY_API_TOKEN` (docs/publishing.md). Functions and the local server
   * leave it out: their environment carries the Blobs context.
   */
  access?: { siteID: string; token: string },
): MediaStore {
  const store = () => getStore({ name: storeName, consistency: 'strong', ...access });
  const contentTypeOf = (metadata: Record<string, unknown>) =>
    typeof metadata['contentType'] === 'string' ? metadata['contentType'] : 'application/octet-stream';
  return {
    async put(key, data, contentType) {
      // Copy into a standalone ArrayBuffer: a Uint8Array may be a view on a larger shared buffer.
      const buffer = data.slice().buffer;
      await store().set(key, buffer, { metadata: { contentType, size: data.byteLength } });
    },
    async get(key) {
      const result = await store().getWithMetadata(key, { type: 'arrayBuffer' });
      if (!result) return null;
      return { data: new Uint8Array(result.data), contentType: contentTypeOf(result.metadata) };
    },
    async stat(key) {
      const result = await store().getMetadata(key);
      if (!result) return null;
      const size = result.metadata['size'];
      if (typeof size === 'number') return { contentType: contentTypeOf(result.metadata), size };
      // Written before sizes were recorded: read it once to find out.
      const full = await store().get(key, { type: 'arrayBuffer' });
      return full ? { contentType: contentTypeOf(result.metadata), size: full.byteLength } : null;
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
