// The plain data the islands receive as props. Pages map store records to these, so the HTML carries only what
// the islands draw (props are serialised into the page).
import type { Banner } from '../shared/schemas/banner';
import type { Service } from '../shared/schemas/service';

export interface BannerSlideData {
  id: string;
  title: string;
  description: string;
  mediaType: 'image' | 'video';
  mediaUrl: string;
  /** '' when the banner has no link: a click then goes to /service. */
  linkUrl: string;
}

export type ServiceCardData = Pick<Service, 'name' | 'category' | 'shortDescription' | 'image' | 'price'> & {
  id: string;
  /** The service name when no alt text was given. */
  imageAlt: string;
  offerPrice: number | null;
};

export function toBannerSlide(banner: Banner): BannerSlideData {
  return {
    id: banner._id,
    title: banner.title,
    description: banner.description,
    mediaType: banner.mediaType,
    mediaUrl: banner.mediaUrl,
    linkUrl: (banner.linkUrl || banner.link || '').trim(),
  };
}

export function toServiceCard(service: Service): ServiceCardData {
  return {
    id: service._id,
    name: service.name,
    category: service.category,
    shortDescription: service.shortDescription,
    image: service.image,
    imageAlt: service.imageAlt?.trim() || service.name,
    price: service.price,
    offerPrice: service.offerPrice ?? null,
  };
}

/**
 * Where a banner click goes (docs/product-rules.md, "Screens"): its link in a new tab when it has one, otherwise /service in the same
 * tab. Only http(s) URLs and site paths are links; anything else counts as no link.
 */
export function bannerTarget(linkUrl: string): { href: string; newTab: boolean } {
  const link = linkUrl.trim();
  const safe = /^https?:\/\//i.test(link) || /^\/(?![/\\])/.test(link);
  return safe ? { href: link, newTab: true } : { href: '/service', newTab: false };
}
