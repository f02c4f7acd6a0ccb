// The API edge: what a stored record looks like in a reply. Stores keep one field per fact; the names the API owes
// older readers are added here, once, for every route (docs/content-api.md, "Banners").
import type { Banner, StoredBanner } from '../../shared/schemas/banner';

/** A banner in a reply: `linkUrl` is `link` again, under the name the public home slide reads. */
export function bannerReply(banner: StoredBanner): Banner {
  return { ...banner, linkUrl: banner.link };
}
