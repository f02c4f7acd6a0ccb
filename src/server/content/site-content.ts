import { getStoreConfig } from '../env';
import { openStores } from '../stores';
import type { Stores } from '../stores/types';
import type { StoredBanner } from '../../shared/schemas/banner';
import type { Service } from '../../shared/schemas/service';
import { readContentVersion } from '../stores/content-version';
import type { HomeTestimonial } from '../../shared/schemas/testimonial';
import { homeTestimonials, withTestimonials } from '../domain/testimonials';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { siteView, type SiteView } from '../../components/site-info';
import { readSiteSettings } from '../domain/site-settings';
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
  /** The settings as the pages show them (header, footer, About, Contact, SEO). */
  site: SiteView;
  /** The content version this build was made from (written to /build-info.json). */
  contentVersion: number;
}

export async function readSiteContent(stores: Stores): Promise<SiteContent> {
  const [services, banners, testimonials, settings, contentVersion] = await Promise.all([
    stores.services.list({ activeOnly: true }),
    stores.banners.list({ activeOnly: true }),
    stores.testimonials.list(),
    readSiteSettings(stores).then(withoutDemoPersona),
    readContentVersion(stores.meta),
  ]);
  return {
    services: withTestimonials(services, testimonials),
    banners,
    homeTestimonials: homeTestimonials(testimonials, services),
    settings,
    site: siteView(settings, services),
    contentVersion,
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
