import { getStoreConfig } from '../env';
import { openStores } from '../stores';
import type { Stores } from '../stores/types';
import type { StoredBanner } from '../../shared/schemas/banner';
import type { Service } from '../../shared/schemas/service';
import { readContentVersion } from '../stores/content-version';
import type { HomeTestimonial } from '../../shared/schemas/testimonial';
import { homeTestimonials, withTestimonials } from '../domain/testimonials';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { readSiteSettings } from '../domain/site-settings';
import { bannersShownAt, publicOffer } from '../../shared/schedule';
import { withoutDemoPersona } from '../../shared/sample-texts';

/** What the static build bakes into the public pages. */
export interface SiteContent {
  services: Service[];
  banners: StoredBanner[];
  /** The testimonials featured on the home page (src/server/domain/testimonials.ts). */
  homeTestimonials: HomeTestimonial[];
  /**
   * The practitioner's site settings (docs/site-settings.md): the defaults until the first save; once renamed, with
   * the demo person's texts replaced (src/shared/sample-texts.ts).
   */
  settings: SiteSettings;
  /** The content version this build was made from (written to /build-info.json). */
  contentVersion: number;
  /**
   * When the store was read: offers and banners are shown as their windows stand at this moment, and
   * /build-info.json reports it as `builtAt`, so the scheduled publisher knows which window changes this build has.
   */
  readAt: Date;
}

export async function readSiteContent(stores: Stores, now = new Date()): Promise<SiteContent> {
  const [stored, storedBanners, testimonials, settings, contentVersion] = await Promise.all([
    stores.services.list({ activeOnly: true }),
    stores.banners.list({ activeOnly: true }),
    stores.testimonials.list(),
    readSiteSettings(stores).then(withoutDemoPersona),
    readContentVersion(stores.meta),
  ]);
  // Offers and banners as their windows stand now (docs/schedules.md); a later change of window rebuilds the site.
  const services = stored.map((service) => publicOffer(service, now));
  const banners = bannersShownAt(storedBanners, now);
  return {
    services: withTestimonials(services, testimonials),
    banners,
    homeTestimonials: homeTestimonials(testimonials, services),
    settings,
    contentVersion,
    readAt: now,
  };
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
