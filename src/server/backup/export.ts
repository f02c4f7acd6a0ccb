// Building a backup: the content snapshot, the media blobs it references, and the zip streamed out of them
// (docs/backup.md). Nothing here holds more than one media blob in memory at a time.
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { CHUNKED_MEDIA_TYPE, sha256Hex } from '../media/objects';
import type { MediaStore } from '../media/types';
import { BACKUP_COLLECTIONS, type ContentSnapshot } from '../stores/backup-access';
import { BACKUP_FORMAT, BACKUP_VERSION, contentFile, MANIFEST_FILE, mediaFile, type BackupManifest } from './format';

const MEDIA_PATH = /\/media\/([A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)/g;

/** Every `/media/<key>` named anywhere in the content (image fields, banner media, settings, text). */
export function referencedMediaKeys(snapshot: ContentSnapshot): string[] {
  const keys = new Set<string>();
  for (const match of JSON.stringify(snapshot).matchAll(MEDIA_PATH)) keys.add(match[1]!);
  return [...keys].sort();
}

export interface BlobInfo {
  key: string;
  contentType: string;
  size: number;
}

/**
 * The blobs to copy for the referenced media: each key's own blob and, for media kept in chunks, the chunk blobs
 * its small manifest lists (src/server/media/objects.ts). Keys whose blob is gone are left out.
 */
export async function mediaBlobsFor(media: MediaStore, snapshot: ContentSnapshot): Promise<BlobInfo[]> {
  const found = new Map<string, BlobInfo>();
  for (const key of referencedMediaKeys(snapshot)) {
    const stat = await media.stat(key);
    if (!stat) continue;
    found.set(key, { key, ...stat });
    if (stat.contentType !== CHUNKED_MEDIA_TYPE) continue;
    const stored = await media.get(key);
    if (!stored) continue;
    const { chunks } = JSON.parse(new TextDecoder().decode(stored.data)) as { chunks?: unknown };
    for (const chunk of Array.isArray(chunks) ? chunks : []) {
      if (typeof chunk !== 'string' || found.has(chunk)) continue;
      const chunkStat = await media.stat(chunk);
      if (chunkStat) found.set(chunk, { key: chunk, ...chunkStat });
    }
  }
  return [...found.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** The JSON files of a snapshot, by path in the zip. */
export function contentFiles(snapshot: ContentSnapshot): Map<string, Uint8Array> {
  const encode = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
  const files = new Map<string, Uint8Array>();
  for (const name of BACKUP_COLLECTIONS) files.set(contentFile(name), encode(snapshot.collections[name]));
  files.set(contentFile('settings'), encode(snapshot.settings));
  files.set(contentFile('categories'), encode(snapshot.categories));
  return files;
}

interface ZipEntry {
  path: string;
  data: Uint8Array;
  /** Pictures and videos are compressed already: stored as they are. */
  deflate: boolean;
}

/**
 * The zip as a stream, pulled entry by entry: a media blob is read only when the reader wants more bytes. The
 * manifest comes last, with the SHA-256 of every file before it.
 */
export function backupZipStream(
  snapshot: ContentSnapshot,
  /** Where the blobs are read from: the media store, or a weekly backup's own copy. */
  readBlob: (key: string) => Promise<Uint8Array | null>,
  blobs: BlobInfo[],
  createdAt: Date,
): ReadableStream<Uint8Array> {
  async function* entries(): AsyncGenerator<ZipEntry> {
    const files: Record<string, string> = {};
    for (const [path, data] of contentFiles(snapshot)) {
      files[path] = sha256Hex(data);
      yield { path, data, deflate: true };
    }
    const media: BlobInfo[] = [];
    for (const blob of blobs) {
      const data = await readBlob(blob.key);
      if (!data) continue;
      files[mediaFile(blob.key)] = sha256Hex(data);
      media.push({ key: blob.key, contentType: blob.contentType, size: data.byteLength });
      yield { path: mediaFile(blob.key), data, deflate: false };
    }
    const counts = Object.fromEntries(BACKUP_COLLECTIONS.map((name) => [name, snapshot.collections[name].length]));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: createdAt.toISOString(),
      counts: { ...counts, media: media.length } as BackupManifest['counts'],
      media,
      files,
    };
    yield { path: MANIFEST_FILE, data: new TextEncoder().encode(JSON.stringify(manifest, null, 2)), deflate: true };
  }

  const source = entries();
  let zip: Zip | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) {
          controller.error(error);
          return;
        }
        if (chunk.byteLength > 0) controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      const next = await source.next();
      if (next.done) {
        zip!.end();
        return;
      }
      const { path, data, deflate } = next.value;
      const file = deflate ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
      zip!.add(file);
      file.push(data, true);
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}

/** A full backup of the live store and media, as a zip stream. */
export async function liveBackupZip(
  snapshot: ContentSnapshot,
  media: MediaStore,
  createdAt: Date,
): Promise<ReadableStream<Uint8Array>> {
  const blobs = await mediaBlobsFor(media, snapshot);
  return backupZipStream(snapshot, async (key) => (await media.get(key))?.data ?? null, blobs, createdAt);
}
