import { createHash, randomBytes } from 'node:crypto';
import { BANNER_VIDEO_MAX_BYTES, VIDEO_TOO_LARGE_MESSAGE } from '../../shared/constants-video';
import { UPLOAD_CHUNK_BYTES } from '../../shared/constants';
import {
  ACCEPTED_MEDIA_TYPES,
  chunkCountFor,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  UNSUPPORTED_MEDIA_MESSAGE,
  type CommittedMedia,
  type UploadChunkResult,
  type UploadSession,
} from '../../shared/schemas/upload';
import type { UploadCreateSchema } from '../../shared/schemas/upload';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import {
  contentKey,
  deleteMediaObject,
  isMediaKey,
  mediaKeyFromUrl,
  mediaUrlForKey,
  openMedia,
  putManifest,
} from '../media/objects';
import { SNIFF_BYTES, sniffMediaType } from '../media/sniff';
import { isId } from '../stores/ids';
import { trashedMediaUrls } from '../stores/trash-entries';
import type { UploadRecord } from '../stores/types';
import { readContentVersion } from '../stores/content-version';
import { kindOfContentType, unsupportedMessage, type MediaKind } from './media';

/** Unfinished uploads (and their chunks) are removed after this long. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Cleanup runs while an admin starts an upload; a bounded batch keeps that request quick. */
const CLEANUP_BATCH = 20;

/**
 * Caps on unfinished uploads (docs/content-api.md): one admin uploads a few files at a time, so these only stop a
 * runaway or hostile client from reserving storage without end.
 */
export const UPLOAD_CAPS = {
  openSessions: 10,
  reservedBytes: 200 * 1024 * 1024,
} as const;

/** Committed media that nothing has referenced for this long is deleted (see sweepUnusedMedia). */
export const UNUSED_MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;

type UploadDeps = Pick<AppDeps, 'media' | 'stores'>;

export const UPLOAD_MESSAGES = {
  notFound: 'Upload not found or expired',
  committed: 'This upload is already committed',
  storeFailed: 'The chunk could not be stored. Please retry.',
  tooManyOpen: `Too many uploads are in progress (at most ${UPLOAD_CAPS.openSessions}). Finish or cancel one first.`,
  tooManyBytes: `The uploads in progress would reserve more than ${UPLOAD_CAPS.reservedBytes / 1024 / 1024} MB. Finish or cancel one first.`,
} as const;

/** Where chunk `index` of an upload is kept; a committed chunked media object keeps pointing at these blobs. */
export function chunkKey(uploadId: string, index: number): string {
  return `uploads/${uploadId}/${String(index).padStart(4, '0')}`;
}

function kindsFor(upload: Pick<UploadRecord, 'purpose'>): MediaKind[] {
  return upload.purpose === 'service' ? ['image'] : ['image', 'video'];
}

function expectedChunkBytes(upload: UploadRecord, index: number): number {
  return Math.min(upload.chunkSize, upload.size - index * upload.chunkSize);
}

/** The open upload with this id, or 404 (unknown, malformed, expired) / 409 (already committed). */
async function openUploadOr404(deps: UploadDeps, uploadId: string, now: Date): Promise<UploadRecord> {
  const upload = isId(uploadId) ? await deps.stores.uploads.get(uploadId) : null;
  if (!upload || (upload.status === 'open' && upload.expiresAt <= now))
    throw new Refusal('not-found', UPLOAD_MESSAGES.notFound);
  if (upload.status === 'committed') throw new Refusal('conflict', UPLOAD_MESSAGES.committed);
  return upload;
}

async function deleteChunks(deps: UploadDeps, upload: UploadRecord): Promise<void> {
  const keys = await deps.media.list(`uploads/${upload._id}/`);
  for (const key of keys) await deps.media.delete(key);
}

/** Removes unfinished uploads past their expiry, chunks first. Returns how many went. */
export async function cleanupExpiredUploads(deps: UploadDeps, now = new Date()): Promise<number> {
  const expired = (await deps.stores.uploads.listExpired(now)).slice(0, CLEANUP_BATCH);
  for (const upload of expired) {
    await deleteChunks(deps, upload);
    await deps.stores.uploads.delete(upload._id);
  }
  return expired.length;
}

interface UnusedMark {
  /** When a sweep first found the media referenced by nothing (ISO). */
  since: string;
  /** The content version then: any content change since restarts the wait. */
  version: number;
}
const unusedMarkKey = (key: string) => `media:unused-since:${key}`;

/**
 * Deletes committed media that no service, banner or site setting has referenced for 24 hours. A sweep that finds a media object
 * unreferenced marks it with the time and the content version; a later sweep deletes it only when the mark is 24
 * hours old and the content has not changed since. The live site is a build of the content as of its last change,
 * which then already did not reference the file, so the live site cannot be using it either. A referenced file
 * loses its mark. Returns the keys removed.
 */
export async function sweepUnusedMedia(deps: UploadDeps, now = new Date()): Promise<string[]> {
  const keys = (await deps.media.list('')).filter(isMediaKey);
  if (keys.length === 0) return [];
  const referenced = async () => {
    // Trashed items count as users: their media stay until the item is deleted for good (docs/admin.md).
    const [services, banners, trashed, settings] = await Promise.all([
      deps.stores.services.list({ activeOnly: false }),
      deps.stores.banners.list({ activeOnly: false }),
      deps.stores.trash.list(),
      deps.stores.settings.get(),
    ]);
    const settingsMedia = settings ? [settings.identity.portraitUrl, settings.seo.shareImageUrl] : [];
    return new Set(
      [
        ...services.map((s) => s.image),
        ...banners.map((b) => b.mediaUrl),
        ...trashedMediaUrls(trashed),
        ...settingsMedia,
      ].map(mediaKeyFromUrl),
    );
  };
  const version = await readContentVersion(deps.stores.meta);
  let used = await referenced();
  const removed: string[] = [];
  for (const key of keys) {
    const markKey = unusedMarkKey(key);
    const mark = await deps.stores.meta.get<UnusedMark>(markKey);
    if (used.has(key)) {
      if (mark) await deps.stores.meta.set(markKey, null);
      continue;
    }
    if (!mark || mark.version !== version) {
      await deps.stores.meta.set(markKey, { since: now.toISOString(), version } satisfies UnusedMark);
      continue;
    }
    if (now.getTime() - Date.parse(mark.since) < UNUSED_MEDIA_GRACE_MS) continue;
    // Read the records again right before deleting: a save may have picked the file up meanwhile.
    used = await referenced();
    if (used.has(key)) continue;
    await deleteMediaObject(deps.media, key);
    await deps.stores.meta.set(markKey, null);
    removed.push(key);
  }
  return removed;
}

/** Refuses a new session past the caps. Counted after creating, so concurrent starts can never all slip in. */
async function enforceCaps(deps: UploadDeps, created: UploadRecord, now: Date): Promise<void> {
  const open = await deps.stores.uploads.listOpen(now);
  const bytes = open.reduce((sum, upload) => sum + upload.size, 0);
  if (open.length <= UPLOAD_CAPS.openSessions && bytes <= UPLOAD_CAPS.reservedBytes) return;
  await deps.stores.uploads.delete(created._id);
  if (open.length > UPLOAD_CAPS.openSessions) {
    throw new Refusal('too-many', UPLOAD_MESSAGES.tooManyOpen, undefined, 60);
  }
  throw new Refusal('too-large', UPLOAD_MESSAGES.tooManyBytes);
}

export async function startUpload(
  deps: UploadDeps,
  input: z.output<typeof UploadCreateSchema>,
  now = new Date(),
): Promise<UploadSession> {
  try {
    await cleanupExpiredUploads(deps, now);
    await sweepUnusedMedia(deps, now);
  } catch (error) {
    // Housekeeping must not block the admin's upload.
    console.warn(`[uploads] cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  // The declared type is only a hint (the bytes decide at commit), but an obviously wrong one is refused now rather
  // than after 50 MB went up. Browsers leave it empty or generic for some files.
  const declared = input.contentType;
  const generic = declared === '' || declared === 'application/octet-stream';
  if (!generic && !(ACCEPTED_MEDIA_TYPES as readonly string[]).includes(declared)) {
    throw new Refusal('unsupported-media', UNSUPPORTED_MEDIA_MESSAGE);
  }
  const kinds = kindsFor(input);
  const declaredKind = generic ? null : kindOfContentType(declared);
  if (declaredKind === 'video' && !kinds.includes('video')) {
    throw new Refusal('unsupported-media', unsupportedMessage(['image']));
  }
  if (declaredKind === 'image' && input.size > IMAGE_MAX_BYTES) throw new Refusal('too-large', IMAGE_TOO_LARGE_MESSAGE);
  if (declaredKind === 'video' && input.size > BANNER_VIDEO_MAX_BYTES) {
    throw new Refusal('too-large', VIDEO_TOO_LARGE_MESSAGE);
  }

  const upload = await deps.stores.uploads.create({
    size: input.size,
    contentType: declared,
    purpose: input.purpose,
    chunkSize: UPLOAD_CHUNK_BYTES,
    expiresAt: new Date(now.getTime() + UPLOAD_TTL_MS),
  });
  await enforceCaps(deps, upload, now);
  return {
    uploadId: upload._id,
    chunkSize: upload.chunkSize,
    chunkCount: chunkCountFor(upload.size, upload.chunkSize),
  };
}

/** Stores one chunk. Sending the same chunk again replaces it, so a client may retry any chunk safely. */
export async function putChunk(
  deps: UploadDeps,
  uploadId: string,
  index: number,
  bytes: Uint8Array,
  now = new Date(),
): Promise<UploadChunkResult> {
  const upload = await openUploadOr404(deps, uploadId, now);
  const chunkCount = chunkCountFor(upload.size, upload.chunkSize);
  if (index >= chunkCount) {
    throw new Refusal('invalid', `Chunk index ${index} is out of range (this upload has ${chunkCount} chunks)`);
  }
  const expected = expectedChunkBytes(upload, index);
  if (bytes.byteLength !== expected) {
    throw new Refusal('invalid', `Chunk ${index} must be ${expected} bytes; received ${bytes.byteLength}`);
  }
  try {
    await deps.media.put(chunkKey(upload._id, index), bytes, 'application/octet-stream');
  } catch (error) {
    // A storage hiccup is worth a retry: 503 tells the client so, and the chunk is not marked as received.
    console.warn(
      `[uploads] chunk ${index} of ${upload._id}: ${error instanceof Error ? error.message : String(error)}`,
    );
    throw new Refusal('unavailable', UPLOAD_MESSAGES.storeFailed);
  }
  const updated = await deps.stores.uploads.markChunk(upload._id, index, bytes.byteLength);
  if (!updated) throw new Refusal('not-found', UPLOAD_MESSAGES.notFound);
  return { received: Object.keys(updated.received).length, chunkCount };
}

async function readChunk(deps: UploadDeps, upload: UploadRecord, index: number): Promise<Uint8Array> {
  const stored = await deps.media.get(chunkKey(upload._id, index));
  const expected = expectedChunkBytes(upload, index);
  if (!stored || stored.data.byteLength !== expected) {
    throw new Refusal('conflict', `Chunk ${index} is missing. Please send it again.`);
  }
  return stored.data;
}

async function describeCommitted(deps: UploadDeps, key: string): Promise<CommittedMedia> {
  const object = await openMedia(deps.media, key);
  const kind = object ? kindOfContentType(object.contentType) : null;
  if (!object || !kind) throw new Refusal('not-found', UPLOAD_MESSAGES.notFound);
  return { mediaUrl: mediaUrlForKey(key), mediaType: kind, contentType: object.contentType, size: object.size };
}

async function abortWith(deps: UploadDeps, upload: UploadRecord, error: Refusal): Promise<never> {
  await deleteChunks(deps, upload);
  await deps.stores.uploads.delete(upload._id);
  throw error;
}

/**
 * Checks that every chunk arrived with the declared total size, decides the type from the magic bytes, and makes
 * the chunks a media object under a content-derived key. Committing twice answers the same media (a client whose
 * first commit reply was lost may simply retry).
 */
export async function commitUpload(deps: UploadDeps, uploadId: string, now = new Date()): Promise<CommittedMedia> {
  const existing = isId(uploadId) ? await deps.stores.uploads.get(uploadId) : null;
  if (existing?.status === 'committed' && existing.key) return describeCommitted(deps, existing.key);
  const upload = await openUploadOr404(deps, uploadId, now);
  const chunkCount = chunkCountFor(upload.size, upload.chunkSize);
  const missing: number[] = [];
  for (let index = 0; index < chunkCount; index += 1) {
    if (upload.received[String(index)] !== expectedChunkBytes(upload, index)) missing.push(index);
  }
  if (missing.length > 0) {
    throw new Refusal(
      'conflict',
      `The upload is incomplete: ${missing.length} of ${chunkCount} chunks missing (${missing.slice(0, 10).join(', ')})`,
    );
  }

  const first = await readChunk(deps, upload, 0);
  // A file of the wrong type will never become valid: drop the upload rather than keep 50 MB of it around.
  const sniffed = sniffMediaType(first.subarray(0, SNIFF_BYTES));
  const kinds = kindsFor(upload);
  if (!sniffed || !kinds.includes(sniffed.kind)) {
    return abortWith(deps, upload, new Refusal('unsupported-media', unsupportedMessage(kinds)));
  }
  if (sniffed.kind === 'image' && upload.size > IMAGE_MAX_BYTES) {
    return abortWith(deps, upload, new Refusal('too-large', IMAGE_TOO_LARGE_MESSAGE));
  }
  if (sniffed.kind === 'video' && upload.size > BANNER_VIDEO_MAX_BYTES) {
    return abortWith(deps, upload, new Refusal('too-large', VIDEO_TOO_LARGE_MESSAGE));
  }

  // One chunk in memory at a time, however large the file. A multi-chunk file is copied, as it is hashed, to blobs
  // of its own that nothing else ever writes: a chunk PUT that lands during or after the commit then changes only
  // the upload's own blob, never the bytes behind the content-hashed (immutable, cached for a year) URL.
  const multi = chunkCount > 1;
  const frozenPrefix = `media-chunks/${upload._id}-${randomBytes(6).toString('hex')}/`;
  const frozen = (index: number) => `${frozenPrefix}${String(index).padStart(4, '0')}`;
  const hash = createHash('sha256').update(first);
  if (multi) await deps.media.put(frozen(0), first, 'application/octet-stream');
  for (let index = 1; index < chunkCount; index += 1) {
    const bytes = await readChunk(deps, upload, index);
    hash.update(bytes);
    await deps.media.put(frozen(index), bytes, 'application/octet-stream');
  }
  const key = contentKey(hash.digest('hex'), sniffed.ext);
  const dropFrozen = async () => {
    for (let index = 0; index < chunkCount && multi; index += 1) await deps.media.delete(frozen(index));
  };

  if (await deps.media.stat(key)) {
    // The same file is already stored: reuse it and drop this copy.
    await dropFrozen();
  } else if (!multi) {
    await deps.media.put(key, first, sniffed.contentType);
  } else {
    await putManifest(deps.media, key, {
      version: 1,
      contentType: sniffed.contentType,
      size: upload.size,
      chunkSize: upload.chunkSize,
      chunks: Array.from({ length: chunkCount }, (_, index) => frozen(index)),
    });
  }
  await deleteChunks(deps, upload);
  await deps.stores.uploads.markCommitted(upload._id, key);
  return describeCommitted(deps, key);
}

/** Abandons an open upload: its chunks and record are deleted. */
export async function abortUpload(deps: UploadDeps, uploadId: string, now = new Date()): Promise<void> {
  const upload = await openUploadOr404(deps, uploadId, now);
  await deleteChunks(deps, upload);
  await deps.stores.uploads.delete(upload._id);
}
