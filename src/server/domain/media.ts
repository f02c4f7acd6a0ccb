import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '../../shared/constants';
import {
  DIRECT_FILE_MAX_BYTES,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  UNSUPPORTED_MEDIA_MESSAGE,
} from '../../shared/schemas/upload';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import { contentKey, deleteMediaObject, mediaKeyFromUrl, mediaUrlForKey, openMedia, sha256Hex } from '../media/objects';
import { sniffMediaType, type SniffedType } from '../media/sniff';
import { trashedMediaUrls } from '../stores/trash-entries';

export type MediaKind = 'image' | 'video';

/** Media a record can point at: where it is served and what it is. */
export interface MediaRef {
  url: string;
  kind: MediaKind;
  contentType: string;
  size: number;
}

/** A file stored for a record being saved; `created` says whether this save wrote it (so a failed save removes it). */
export interface StoredFile extends MediaRef {
  created: boolean;
}

type MediaDeps = Pick<AppDeps, 'media' | 'stores'>;

export function kindOfContentType(contentType: string): MediaKind | null {
  if ((IMAGE_MIME_TYPES as readonly string[]).includes(contentType)) return 'image';
  if ((VIDEO_MIME_TYPES as readonly string[]).includes(contentType)) return 'video';
  return null;
}

/** The 415 message for a file that is not one of `kinds`. */
export function unsupportedMessage(kinds: readonly MediaKind[]): string {
  return kinds.includes('video') ? UNSUPPORTED_MEDIA_MESSAGE : 'Only JPEG, PNG, WebP, AVIF or GIF images can be used';
}

/** The type decided by the bytes, refused with 415 when it is not one of `kinds`. */
export function checkMediaBytes(head: Uint8Array, kinds: readonly MediaKind[]): SniffedType {
  const sniffed = sniffMediaType(head);
  if (!sniffed || !kinds.includes(sniffed.kind)) throw new Refusal('unsupported-media', unsupportedMessage(kinds));
  return sniffed;
}

/**
 * Stores a file sent directly in a form part. The key comes from the bytes (so the file name, `../x` or
 * anything else, plays no part), and the type from the magic bytes (never the declared type).
 */
export async function storeDirectFile(deps: MediaDeps, file: File, kinds: readonly MediaKind[]): Promise<StoredFile> {
  if (file.size > DIRECT_FILE_MAX_BYTES) {
    throw new Refusal(
      'too-large',
      `Files over ${DIRECT_FILE_MAX_BYTES / (1024 * 1024)} MB must be sent as a chunked upload (POST /api/admin/uploads)`,
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength === 0) throw new Refusal('invalid', 'The file is empty');
  const sniffed = checkMediaBytes(bytes, kinds);
  if (sniffed.kind === 'image' && bytes.byteLength > IMAGE_MAX_BYTES)
    throw new Refusal('too-large', IMAGE_TOO_LARGE_MESSAGE);
  const key = contentKey(sha256Hex(bytes), sniffed.ext);
  // Same bytes, same key: an identical file already stored is reused, and then this save did not create it.
  const existing = await deps.media.stat(key);
  if (!existing) await deps.media.put(key, bytes, sniffed.contentType);
  return {
    url: mediaUrlForKey(key),
    kind: sniffed.kind,
    contentType: sniffed.contentType,
    size: bytes.byteLength,
    created: !existing,
  };
}

/** What an existing '/media/<key>' URL holds, or null when it is not ours or not stored. */
export async function describeMediaUrl(deps: MediaDeps, url: string): Promise<MediaRef | null> {
  const key = mediaKeyFromUrl(url);
  if (!key) return null;
  const object = await openMedia(deps.media, key);
  if (!object) return null;
  const kind = kindOfContentType(object.contentType);
  return kind ? { url, kind, contentType: object.contentType, size: object.size } : null;
}

/**
 * Media chosen by URL in a form (a committed chunked upload): it must be ours, stored, and of an allowed kind.
 */
export async function resolveMediaUrl(
  deps: MediaDeps,
  url: string,
  kinds: readonly MediaKind[],
  field: string,
): Promise<MediaRef> {
  if (!mediaKeyFromUrl(url)) {
    throw new Refusal('invalid', 'Media must be uploaded to this site (a /media/ path)', {
      [field]: 'Media must be uploaded to this site (a /media/ path)',
    });
  }
  const ref = await describeMediaUrl(deps, url);
  if (!ref) {
    throw new Refusal('invalid', 'The uploaded file was not found. Please upload it again.', {
      [field]: 'The uploaded file was not found. Please upload it again.',
    });
  }
  if (!kinds.includes(ref.kind)) throw new Refusal('unsupported-media', unsupportedMessage(kinds));
  return ref;
}

/** What a save does with a record's media: store a file part, point at a committed upload's URL, or keep it. */
export type MediaChoice = { kind: 'file'; file: File } | { kind: 'url'; url: string } | { kind: 'keep' };

/**
 * The choice a service or banner form makes (docs/decisions/004-multipart-contract.md): a file part wins; a URL
 * other than the current one replaces it; no file and no new URL keeps the current media.
 */
export function mediaChoice(file: File | undefined, url: string, currentUrl: string | undefined): MediaChoice {
  if (file) return { kind: 'file', file };
  if (url !== '' && url !== currentUrl) return { kind: 'url', url };
  return { kind: 'keep' };
}

/**
 * Carries out a choice: stores a new file (returned as `stored`, so a failed save can remove it) or checks a chosen
 * URL (problems named under `field`); `ref` is null when the current media stays.
 */
export async function applyMediaChoice(
  deps: MediaDeps,
  choice: MediaChoice,
  kinds: readonly MediaKind[],
  field: string,
): Promise<{ ref: MediaRef | null; stored: StoredFile | null }> {
  if (choice.kind === 'file') {
    const stored = await storeDirectFile(deps, choice.file, kinds);
    return { ref: stored, stored };
  }
  if (choice.kind === 'url') return { ref: await resolveMediaUrl(deps, choice.url, kinds, field), stored: null };
  return { ref: null, stored: null };
}

/**
 * True when a service, banner or the site settings still point at this URL (identical files share one key), in place
 * or in the trash: a trashed item keeps its media until it is deleted for good (docs/admin.md, "Trash and undo").
 */
async function isReferenced(deps: MediaDeps, url: string): Promise<boolean> {
  const [services, banners, trashed, settings] = await Promise.all([
    deps.stores.services.list({ activeOnly: false }),
    deps.stores.banners.list({ activeOnly: false }),
    deps.stores.trash.list(),
    deps.stores.settings.get(),
  ]);
  return (
    services.some((s) => s.image === url) ||
    banners.some((b) => b.mediaUrl === url) ||
    trashedMediaUrls(trashed).includes(url) ||
    settings?.identity.portraitUrl === url ||
    settings?.seo.shareImageUrl === url
  );
}

/**
 * Deletes our media at `url` once no record points at it. Runs after a record changed for good, so a failure here
 * must not fail the request: it is logged and the blob is left (an orphan costs storage, not correctness).
 */
export async function releaseMediaIfUnused(deps: MediaDeps, url: string | undefined): Promise<void> {
  if (!url) return;
  const key = mediaKeyFromUrl(url);
  if (!key) return;
  try {
    if (await isReferenced(deps, url)) return;
    await deleteMediaObject(deps.media, key);
  } catch (error) {
    console.warn(`[media] could not delete ${key}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** After a failed save: removes the file this save stored, unless something else uses the same bytes. */
export async function discardStoredFile(deps: MediaDeps, file: StoredFile | null): Promise<void> {
  if (file?.created) await releaseMediaIfUnused(deps, file.url);
}
