import { createWriteStream, existsSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createBlobsMediaStore } from '../media/blobs';
import { isMediaKey, openMedia, streamMedia } from '../media/objects';
import type { MediaStore } from '../media/types';

/**
 * Every build copies the media its pages reference from the blob store into the publish folder, at the same
 * `/media/<key>` path the function serves. With the function's `preferStatic`, Netlify's CDN then serves those files
 * (byte ranges, no size limit, no function call), and the function answers only for media uploaded since the last
 * build (docs/publishing.md, "Media in the build").
 */

/** `/media/<key>` in a page, plain or URL-encoded (the Image CDN's `/.netlify/images?url=%2Fmedia%2F…`). */
const MEDIA_REFERENCE = /(?:\/|%2F)media(?:\/|%2F)([A-Za-z0-9][A-Za-z0-9_.-]*)/gi;

/** The files whose text can reference media: pages, and the JSON/XML a build writes next to them. */
const SCANNED = /\.(html|json|xml)$/i;

export interface CopiedMedia {
  /** Keys written into `<publishDir>/media/`. */
  copied: string[];
  /** Keys referenced by a page but absent from the store (the page shows a broken image; logged, not fatal). */
  missing: string[];
  bytes: number;
}

/** Every media key referenced by the built pages under `publishDir` (its own media/ folder excluded). */
export async function referencedMediaKeys(publishDir: string): Promise<string[]> {
  const keys = new Set<string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        // The copies themselves, and the admin app, which loads media at run time through the API.
        if (dir === publishDir && (entry.name === 'media' || entry.name === 'admin')) continue;
        await walk(full);
      } else if (SCANNED.test(entry.name)) {
        const text = await readFile(full, 'utf8');
        for (const match of text.matchAll(MEDIA_REFERENCE)) {
          const key = match[1]?.replace(/[.]+$/, '');
          if (key && isMediaKey(key)) keys.add(key);
        }
      }
    }
  };
  await walk(publishDir);
  return [...keys].sort();
}

/**
 * Copies the referenced media into `<publishDir>/media/<key>`, one blob at a time (a 50 MB video never sits in
 * memory whole). A file already there with the right size is kept. Each file is written under a temporary name and
 * renamed, so a half-written copy is never published.
 */
export async function copyReferencedMedia(
  publishDir: string,
  media: MediaStore,
  /** The build being replaced (local builds): its copies are hard-linked instead of read from the store again. */
  reuseFrom: string | null = null,
): Promise<CopiedMedia> {
  const result: CopiedMedia = { copied: [], missing: [], bytes: 0 };
  const keys = await referencedMediaKeys(publishDir);
  if (keys.length === 0) return result;
  const mediaDir = path.join(publishDir, 'media');
  await mkdir(mediaDir, { recursive: true });
  for (const key of keys) {
    try {
      const object = await openMedia(media, key);
      if (!object) {
        result.missing.push(key);
        continue;
      }
      const target = path.join(mediaDir, key);
      if (existsSync(target) && statSync(target).size === object.size) {
        result.copied.push(key);
        continue;
      }
      const previous = reuseFrom ? path.join(reuseFrom, 'media', key) : null;
      if (previous && existsSync(previous) && statSync(previous).size === object.size) {
        // Keys are content hashes: the same key is the same bytes, so the old copy is this one.
        await link(previous, target).catch(() => copyFile(previous, target));
        result.copied.push(key);
        continue;
      }
      const temp = `${target}.part`;
      const out = createWriteStream(temp);
      const reader = streamMedia(media, object).getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (!out.write(value)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
      } finally {
        out.end();
        await finished(out);
      }
      await rename(temp, target);
      result.copied.push(key);
      result.bytes += object.size;
    } catch (error) {
      throw new MediaCopyError(key, error);
    }
  }
  return result;
}

/** A referenced file could not be copied: the deploy must fail and say which file and why (docs/publishing.md). */
export class MediaCopyError extends Error {
  readonly key: string;
  constructor(key: string, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    // One line, bounded: it goes into the deploy log and the portal's publish status.
    const reason = why.replace(/\s+/g, ' ').trim().slice(0, 200) || 'unknown error';
    super(`Copying media file ${key} into the deploy failed: ${reason}`, { cause });
    this.name = 'MediaCopyError';
    this.key = key;
  }
}

/** One line for a build log: "Copied 14 media files (23.4 MB) into the publish folder; 1 missing: a.png". */
export function describeCopy(result: CopiedMedia): string {
  const size = `${(result.bytes / 1_000_000).toFixed(1)} MB`;
  const missing = result.missing.length ? `; ${result.missing.length} missing: ${result.missing.join(', ')}` : '';
  return `Copied ${result.copied.length} media files (${size} new) into the publish folder${missing}.`;
}

/**
 * The build plugin's entry (netlify/plugins/copy-media): the site's Blobs store opened with the plugin's own
 * `constants.SITE_ID` and `constants.NETLIFY_API_TOKEN`, as Netlify documents for build plugins.
 */
export async function copyMediaForDeploy(options: {
  publishDir: string;
  siteID: string;
  token: string;
}): Promise<CopiedMedia> {
  const media = createBlobsMediaStore('media', { siteID: options.siteID, token: options.token });
  return copyReferencedMedia(options.publishDir, media);
}
