// The plain data the islands receive as props. Pages map store records to these, so the HTML carries only what
// the islands draw (props are serialised into the page).
import type { StoredBanner } from '../shared/schemas/banner';
import type { Service } from '../shared/schemas/service';
import { servicePath } from '../shared/schemas/slug';
import { serviceImageAlt } from '../shared/service-image-alt';

export interface BannerSlideData {
  id: string;
  title: string;
  description: string;
  mediaType: 'image' | 'video';
  mediaUrl: string;
  /** The picture's alt text; empty when it is decoration (the title and text say what the slide is about). */
  mediaAlt: string;
  /** Where a click goes (see bannerTarget). */
  href: string;
  /** True only for links to other sites. */
  newTab: boolean;
}

export type ServiceCardData = Pick<Service, 'name' | 'category' | 'shortDescription' | 'image' | 'price'> & {
  id: string;
  /** The page address, /service/<slug> (src/shared/schemas/slug.ts). */
  href: string;
  /** The service name when no alt text was given. */
  imageAlt: string;
  offerPrice: number | null;
};

/** `site` is the public address (SITE_URL): links to it are this site's own pages. */
export function toBannerSlide(banner: StoredBanner, site: URL): BannerSlideData {
  return {
    id: banner._id,
    title: banner.title,
    description: banner.description,
    mediaType: banner.mediaType,
    mediaUrl: banner.mediaUrl,
    mediaAlt: banner.mediaAlt?.trim() ?? '',
    ...bannerTarget(banner.link.trim(), site),
  };
}

export function toServiceCard(service: Service): ServiceCardData {
  return {
    id: service._id,
    href: servicePath(service),
    name: service.name,
    category: service.category,
    shortDescription: service.shortDescription,
    image: service.image,
    imageAlt: serviceImageAlt(service),
    price: service.price,
    offerPrice: service.offerPrice ?? null,
  };
}

/**
 * Where a banner click goes (docs/product-rules.md "Screens", changed on purpose, see docs/public-site.md): with no link, /service.
 * A link to another site opens in a new tab; a link to this site (a path, or an absolute URL on the site's own
 * origin) opens in the same tab, as any other internal link. Only http(s) URLs and site paths are links; anything
 * else counts as no link.
 */
export function bannerTarget(linkUrl: string, site: URL): { href: string; newTab: boolean } {
  const link = linkUrl.trim();
  if (/^\/(?![/\\])/.test(link)) return { href: link, newTab: false };
  if (!/^https?:\/\//i.test(link)) return { href: '/service', newTab: false };
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { href: '/service', newTab: false };
  }
  return { href: link, newTab: url.origin !== site.origin };
}
