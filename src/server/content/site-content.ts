import { getStoreConfig } from '../env';
import { openStores } from '../stores';
import type { Stores } from '../stores/types';
import type { StoredBanner } from '../../shared/schemas/banner';
import type { Service } from '../../shared/schemas/service';
import { readContentVersion } from '../stores/content-version';

/** What the static build bakes into the public pages. */
export interface SiteContent {
  services: Service[];
  banners: StoredBanner[];
  /** The content version this build was made from (written to /build-info.json). */
  contentVersion: number;
}

export async function readSiteContent(stores: Stores): Promise<SiteContent> {
  const [services, banners, contentVersion] = await Promise.all([
    stores.services.list({ activeOnly: true }),
    stores.banners.list({ activeOnly: true }),
    readContentVersion(stores.meta),
  ]);
  return { services, banners, contentVersion };
}

let cached: Promise<SiteContent> | undefined;

/**
 * Read once per build: the build reads the same stores as the API (MongoDB when MONGODB_URI is set in the build
 * environment, the embedded file otherwise), so every page of one build sees one snapshot.
 */
export function getSiteContent(): Promise<SiteContent> {
  cached ??= (async () => {
    const stores = await openStores(getStoreConfig());
    try {
      return await readSiteContent(stores);
    } finally {
      await stores.close();
    }
  })();
  return cached;
}
