// The build's content with the view the layout and pages show. The build's read (src/server/content/site-content.ts)
// returns raw content only; the settings' view is derived here, on the pages' side, so nothing under src/server
// imports the public components (docs/public-site.md).
import { siteView, type SiteView } from '../components/site-info';
import { getSiteContent, type SiteContent } from '../server/content/site-content';

export interface SiteData extends SiteContent {
  /** The settings as the pages show them (header, footer, About, Contact, SEO). */
  site: SiteView;
}

let cached: Promise<SiteData> | undefined;

/** Once per build, like the read it wraps: every page of one build sees one snapshot and one view of it. */
export function getSiteData(): Promise<SiteData> {
  cached ??= getSiteContent().then((content) => ({ ...content, site: siteView(content.settings, content.services) }));
  return cached;
}
