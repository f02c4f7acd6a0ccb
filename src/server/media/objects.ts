import { createHash } from 'node:crypto';
import { z } from 'zod';
import { UPLOAD_CHUNK_BYTES } from '../../shared/constants';
import type { MediaStore } from './types';

/**
 * A media object is what `/media/<key>` serves. Small media is one blob at `key`. Media larger than one upload chunk
 * stays as its chunk blobs (Netlify Blobs has no byte-range read, and a function response is limited), and the blob
 * at `key` is then a manifest listing them, marked by this content type.
 */
export const CHUNKED_MEDIA_TYPE = 'application/vnd.soul-guidance.chunked-media+json';

const ManifestSchema = z.object({
  version: z.literal(1),
  contentType: z.string().min(1),
  size: z.number().int().min(0),
  chunkSize: z.number().int().min(1),
  chunks: z.array(z.string().min(1)).min(1),
});
export type ChunkManifest = z.output<typeof ManifestSchema>;

export interface MediaObject {
  key: string;
  /** The media's own type (never the manifest's). */
  contentType: string;
  size: number;
  /** Chunk blob keys in order, each `chunkSize` long but the last; null when the media is the single blob at `key`. */
  chunks: string[] | null;
  /** Range replies never cross a multiple of this. */
  chunkSize: number;
}

/** Flat keys only: `<hex>.<ext>` from uploads, any similar name from the seeder. No slashes, no dot segments. */
const MEDIA_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;

export function isMediaKey(key: string): boolean {
  return key.length <= 200 && MEDIA_KEY.test(key);
}

export const MEDIA_URL_PREFIX = '/media/';

export function mediaUrlForKey(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}

/** '/media/<key>' → key; anything else (absolute URLs, other paths) → null. */
export function mediaKeyFromUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = url.slice(MEDIA_URL_PREFIX.length);
  return isMediaKey(key) ? key : null;
}

/** Keys are derived from the content (128 bits of its SHA-256), so a URL can be cached forever. */
export function contentKey(sha256Hex: string, ext: string): string {
  return `${sha256Hex.slice(0, 32)}.${ext}`;
}

export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function putManifest(media: MediaStore, key: string, manifest: ChunkManifest): Promise<void> {
  await media.put(key, new TextEncoder().encode(JSON.stringify(manifest)), CHUNKED_MEDIA_TYPE);
}

/** Looks a media object up without reading its bytes (only a manifest, which is small). */
export async function openMedia(media: MediaStore, key: string): Promise<MediaObject | null> {
  const stat = await media.stat(key);
  if (!stat) return null;
  if (stat.contentType !== CHUNKED_MEDIA_TYPE) {
    // Range replies stay within one upload chunk even for a large single blob (the seeder may store one).
    return { key, contentType: stat.contentType, size: stat.size, chunks: null, chunkSize: UPLOAD_CHUNK_BYTES };
  }
  const stored = await media.get(key);
  if (!stored) return null;
  const manifest = ManifestSchema.parse(JSON.parse(new TextDecoder().decode(stored.data)));
  return {
    key,
    contentType: manifest.contentType,
    size: manifest.size,
    chunks: manifest.chunks,
    chunkSize: manifest.chunkSize,
  };
}

async function readBlob(media: MediaStore, key: string): Promise<Uint8Array> {
  const stored = await media.get(key);
  if (!stored) throw new Error(`Media blob ${key} is missing`);
  return stored.data;
}

/**
 * Bytes `start`..`end` (inclusive) of the object. The range must lie within one chunk (the media route clamps it),
 * so exactly one blob is read.
 */
export async function readMediaRange(
  media: MediaStore,
  object: MediaObject,
  start: number,
  end: number,
): Promise<Uint8Array<ArrayBuffer>> {
  // slice (a copy) rather than subarray: the reply must not keep the whole blob alive, and it types as ArrayBuffer.
  if (!object.chunks) return (await readBlob(media, object.key)).slice(start, end + 1);
  const index = Math.floor(start / object.chunkSize);
  const chunkKey = object.chunks[index];
  if (chunkKey === undefined) throw new Error(`Media ${object.key} has no chunk ${index}`);
  const base = index * object.chunkSize;
  return (await readBlob(media, chunkKey)).slice(start - base, end - base + 1);
}

/** The last byte a response starting at `start` may include: the end of that byte's chunk. */
export function chunkEnd(object: MediaObject, start: number): number {
  const index = Math.floor(start / object.chunkSize);
  return Math.min(object.size, (index + 1) * object.chunkSize) - 1;
}

/** The whole object as a stream, one blob at a time, so memory stays at one chunk however large the media. */
export function streamMedia(media: MediaStore, object: MediaObject): ReadableStream<Uint8Array> {
  const keys = object.chunks ?? [object.key];
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const key = keys[next];
      if (key === undefined) {
        controller.close();
        return;
      }
      next += 1;
      controller.enqueue(await readBlob(media, key));
    },
  });
}

/** Deletes a media object: its chunk blobs, then the blob at `key`. Missing objects are fine. */
export async function deleteMediaObject(media: MediaStore, key: string): Promise<void> {
  const object = await openMedia(media, key);
  if (object?.chunks) for (const chunk of object.chunks) await media.delete(chunk);
  await media.delete(key);
}
