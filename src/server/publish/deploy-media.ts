import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { buildContext, getStoreConfig } from '../env';
import { createBlobsMediaStore } from '../media/blobs';
import type { MediaStore } from '../media/types';
import { openStores } from '../stores';
import type { MetaStore } from '../stores/types';
import { copyReferencedMedia, describeCopy, type CopiedMedia } from './copy-media';
import { updateRecord } from './record';

/**
 * The build plugin's work (netlify/plugins/copy-media, docs/publishing.md "Media in the build"): copy the referenced
 * media into the publish folder, reusing the copies kept in Netlify's build cache, and when a copy fails, record the
 * failure where the portal's publish status reads it, then let the plugin fail the deploy (the old one stays live).
 */

/** The part of the plugin's `utils.cache` this uses: both copy a path into or out of Netlify's build cache. */
export interface BuildCache {
  restore(path: string): Promise<boolean>;
  save(path: string): Promise<boolean>;
}

/**
 * Where the cached copies sit during a build, beside (not inside) the publish folder: `restore` does nothing when
 * its path already exists, and nothing unreferenced may end up published.
 */
export const MEDIA_CACHE_DIR = '.netlify/copy-media-cache';

/**
 * Copies the referenced media, taking unchanged files from the build cache: keys are content hashes, so a cached
 * file with the same key and size is the same bytes and is not downloaded again. Afterwards the cache holds exactly
 * this build's files, so media no page uses any more drop out of it.
 */
export async function copyMediaWithCache(
  publishDir: string,
  media: MediaStore,
  cache: BuildCache,
  cacheDir: string,
): Promise<CopiedMedia> {
  await cache.restore(cacheDir);
  const result = await copyReferencedMedia(publishDir, media, existsSync(cacheDir) ? cacheDir : null);
  await rm(cacheDir, { recursive: true, force: true });
  if (result.copied.length === 0) return result;
  const cachedMedia = path.join(cacheDir, 'media');
  await mkdir(cachedMedia, { recursive: true });
  for (const key of result.copied) {
    const source = path.join(publishDir, 'media', key);
    const target = path.join(cachedMedia, key);
    // A hard link costs no space; Netlify's save copies (or moves) the cache folder, never the published file.
    await link(source, target).catch(() => copyFile(source, target));
  }
  await cache.save(cacheDir);
  return result;
}

/** The portal's reason for a deploy the plugin failed: what happened for the visitor, then which file and why. */
export function deployFailedMessage(detail: string): string {
  return `The last deploy failed, so the live site still shows the previous version. ${detail}`;
}

/**
 * Marks the publish as failed in the store, as the hook publisher does for a refused hook: the status then shows
 * "Publishing failed" with this reason and Retry, until a later deploy with the current content goes live.
 */
export async function recordDeployFailure(meta: MetaStore, detail: string, now: Date = new Date()): Promise<void> {
  await updateRecord(meta, (record) => ({
    ...record,
    state: 'failed',
    lastError: deployFailedMessage(detail),
    finishedAt: now.toISOString(),
  }));
}

export type DeployMediaOutcome = { ok: true; line: string } | { ok: false; message: string };

export interface DeployMediaOptions {
  publishDir: string;
  media: MediaStore;
  cache: BuildCache;
  cacheDir: string;
  /** Opens the store the portal's status reads; null when this build must not touch it (a Deploy Preview). */
  openMeta: (() => Promise<{ meta: MetaStore; close(): Promise<void> }>) | null;
  log?: (line: string) => void;
}

/** Never throws: the plugin turns `ok: false` into `utils.build.failBuild(message)`. */
export async function deployMedia(options: DeployMediaOptions): Promise<DeployMediaOutcome> {
  const log = options.log ?? ((line: string) => console.log(line));
  try {
    const result = await copyMediaWithCache(options.publishDir, options.media, options.cache, options.cacheDir);
    return { ok: true, line: describeCopy(result) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (options.openMeta) {
      try {
        const opened = await options.openMeta();
        try {
          await recordDeployFailure(opened.meta, message);
        } finally {
          await opened.close();
        }
      } catch (storeError) {
        // The deploy still fails (the log says why); the portal then reports it after 20 minutes (status.ts).
        log(
          `[copy-media] could not record the failure for the portal: ${storeError instanceof Error ? storeError.message : String(storeError)}`,
        );
      }
    }
    return { ok: false, message };
  }
}

/**
 * The plugin's entry: the site's Blobs store from the plugin's SITE_ID and API token, the portal's store from the
 * build's database variables. Only production deploys write the publish record: a Deploy Preview's failure is not
 * the live site's (Netlify sets CONTEXT in builds; without it this is a production build).
 */
export function deployMediaForBuild(options: {
  publishDir: string;
  siteID: string;
  token: string;
  cache: BuildCache;
}): Promise<DeployMediaOutcome> {
  const context = buildContext();
  const production = context === undefined || context === 'production';
  return deployMedia({
    publishDir: options.publishDir,
    media: createBlobsMediaStore('media', { siteID: options.siteID, token: options.token }),
    cache: options.cache,
    cacheDir: path.resolve(MEDIA_CACHE_DIR),
    openMeta: production
      ? async () => {
          const stores = await openStores(getStoreConfig());
          return { meta: stores.meta, close: () => stores.close() };
        }
      : null,
  });
}
