import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '../../shared/constants';
import { createMemoryMediaStore } from '../media/memory';
import { putManifest } from '../media/objects';
import { copyReferencedMedia, referencedMediaKeys } from './copy-media';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function publishDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-copy-media-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const IMAGE = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp';
const VIDEO = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.mp4';
const ENCODED = 'cccccccccccccccccccccccccccccccc.jpg';
const UNUSED = 'dddddddddddddddddddddddddddddddd.png';

describe('media copied into the build', () => {
  it('finds plain and Image CDN references in pages, not in the admin app or the copies', async () => {
    const dir = publishDir({
      'index.html': `<img src="/media/${IMAGE}" alt=""><video src="/media/${VIDEO}"></video>`,
      'service/x/index.html': `<img srcset="/.netlify/images?url=%2Fmedia%2F${ENCODED}&amp;w=800 800w">`,
      'admin/index.html': `<img src="/media/${UNUSED}">`,
      [`media/${UNUSED}.html`]: `/media/${UNUSED}`,
      'build-info.json': '{"contentVersion":1}',
    });
    expect(await referencedMediaKeys(dir)).toEqual([IMAGE, VIDEO, ENCODED].sort());
  });

  it('writes each referenced object byte for byte, chunked videos assembled, and reports missing ones', async () => {
    const media = createMemoryMediaStore();
    const image = new Uint8Array(5000).map((_, i) => i % 256);
    await media.put(IMAGE, image, 'image/webp');
    const first = new Uint8Array(UPLOAD_CHUNK_BYTES).fill(7);
    const last = new Uint8Array(1234).fill(9);
    await media.put('uploads/v/0', first, 'application/octet-stream');
    await media.put('uploads/v/1', last, 'application/octet-stream');
    await putManifest(media, VIDEO, {
      version: 1,
      contentType: 'video/mp4',
      size: first.byteLength + last.byteLength,
      chunkSize: UPLOAD_CHUNK_BYTES,
      chunks: ['uploads/v/0', 'uploads/v/1'],
    });
    await media.put(UNUSED, image, 'image/png');
    const dir = publishDir({
      'index.html': `<img src="/media/${IMAGE}"><video src="/media/${VIDEO}"></video><img src="/media/${ENCODED}">`,
    });

    const result = await copyReferencedMedia(dir, media);
    expect(result.copied.sort()).toEqual([IMAGE, VIDEO].sort());
    expect(result.missing).toEqual([ENCODED]);
    expect(result.bytes).toBe(image.byteLength + first.byteLength + last.byteLength);
    expect(new Uint8Array(readFileSync(path.join(dir, 'media', IMAGE)))).toEqual(image);
    const video = readFileSync(path.join(dir, 'media', VIDEO));
    expect(video.byteLength).toBe(first.byteLength + last.byteLength);
    expect(video.subarray(UPLOAD_CHUNK_BYTES - 1, UPLOAD_CHUNK_BYTES + 1)).toEqual(Buffer.from([7, 9]));
    // Only what the pages use: the unused upload stays in the store alone; no temporary files are left.
    expect(() => readFileSync(path.join(dir, 'media', UNUSED))).toThrow();
    expect(() => readFileSync(path.join(dir, 'media', `${VIDEO}.part`))).toThrow();
  });

  it('hard-links copies from the build it replaces instead of reading the store again', async () => {
    const media = createMemoryMediaStore();
    const image = new Uint8Array(3000).fill(5);
    await media.put(IMAGE, image, 'image/webp');
    const previous = publishDir({ 'index.html': `<img src="/media/${IMAGE}">` });
    expect((await copyReferencedMedia(previous, media)).bytes).toBe(3000);
    const next = publishDir({ 'index.html': `<img src="/media/${IMAGE}">` });
    const result = await copyReferencedMedia(next, media, previous);
    expect(result).toEqual({ copied: [IMAGE], missing: [], bytes: 0 });
    expect(statSync(path.join(next, 'media', IMAGE)).ino).toBe(statSync(path.join(previous, 'media', IMAGE)).ino);
  });
});
