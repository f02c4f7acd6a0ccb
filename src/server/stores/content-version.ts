import type { MetaStore } from './types';

// The content version: a counter in the meta store that goes up with every change to services or banners. The
// build records the version it read (build-info.json), so comparing the two tells whether the site is current
// (docs/publishing.md). Every read and write goes through here; no other file names the key.
export const CONTENT_VERSION_KEY = 'contentVersion';

/** The current content version; 0 before the first change. */
export async function readContentVersion(meta: Pick<MetaStore, 'get'>): Promise<number> {
  return (await meta.get<number>(CONTENT_VERSION_KEY)) ?? 0;
}

/** Moves the content version on by one and returns the new value. */
export function bumpContentVersion(meta: Pick<MetaStore, 'increment'>): Promise<number> {
  return meta.increment(CONTENT_VERSION_KEY);
}
