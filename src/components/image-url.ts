// Responsive images through the Netlify Image CDN (`/.netlify/images`), emulated locally by @netlify/dev.
// Browser-safe: the islands and the fallback page build the same URLs as the static pages.
import { resolveMediaUrl } from '../shared/media-url';

/** Widths offered in srcsets. The CDN resizes on demand and caches each variant. */
export const IMAGE_WIDTHS = [360, 480, 640, 800, 1024, 1280, 1600, 1920] as const;

export interface ResponsiveImage {
  src: string;
  /** '' when the source cannot be resized (absolute URLs, SVG): the browser then uses `src` alone. */
  srcset: string;
}

/**
 * Only images served from this site's own paths go through the CDN: remote hosts would need an allow-list in
 * netlify.toml (and are refused with 403 without one), and SVG needs no resizing.
 */
export function isCdnSource(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !/\.svg(\?|$)/i.test(path);
}

/**
 * `/.netlify/images?url=%2Fmedia%2Fkey&w=800&q=75&fm=webp`. The format is fixed rather than negotiated: the local
 * emulation does not negotiate, and WebP is small everywhere; JPEG is for crawlers that fetch Open Graph images.
 */
export function cdnUrl(path: string, width: number, format: 'webp' | 'jpg' = 'webp'): string {
  const params = new URLSearchParams({ url: path, w: String(width), q: '75', fm: format });
  return `/.netlify/images?${params.toString()}`;
}

/**
 * A src/srcset pair for a content image. `maxWidth` caps the srcset at the largest size the layout ever shows
 * (at 2× density), so phones never download desktop variants.
 */
export function responsiveImage(image: string | null | undefined, maxWidth = 1920): ResponsiveImage | null {
  const path = resolveMediaUrl(image);
  if (!path) return null;
  if (!isCdnSource(path)) return { src: path, srcset: '' };
  const widths = IMAGE_WIDTHS.filter((w) => w <= maxWidth);
  const largest = widths.at(-1) ?? maxWidth;
  return {
    src: cdnUrl(path, Math.min(largest, 1024)),
    srcset: widths.map((w) => `${cdnUrl(path, w)} ${w}w`).join(', '),
  };
}

/** An absolute image URL for Open Graph tags and JSON-LD (crawlers need absolute URLs). */
export function absoluteImageUrl(image: string | null | undefined, site: URL | string, width = 1200): string | null {
  const path = resolveMediaUrl(image);
  if (!path) return null;
  if (!isCdnSource(path)) return new URL(path, site).href;
  return new URL(cdnUrl(path, width, 'jpg'), site).href;
}
