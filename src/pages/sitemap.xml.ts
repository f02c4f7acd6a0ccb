// sitemap.xml of every public page: the four fixed pages and one entry per active service. Written by hand
// (a dozen lines) rather than with @astrojs/sitemap, which would also list the not-found and fallback pages.
import type { APIRoute } from 'astro';
import { canonicalUrl } from '../components/seo';
import { getSiteContent } from '../server/content/site-content';
import { servicePath } from '../shared/schemas/slug';

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const GET: APIRoute = async ({ site }) => {
  const base = site ?? new URL('http://localhost:8888');
  const { services } = await getSiteContent();
  const newest = services
    .map((s) => s.updatedAt)
    .sort()
    .at(-1);
  const entries: { path: string; lastmod?: string | undefined }[] = [
    { path: '/', lastmod: newest },
    { path: '/service', lastmod: newest },
    ...services.map((service) => ({ path: servicePath(service), lastmod: service.updatedAt })),
    { path: '/about' },
    { path: '/contact' },
  ];
  const urls = entries
    .map(({ path, lastmod }) => {
      const date = lastmod ? new Date(lastmod) : null;
      const lastmodTag = date && !Number.isNaN(date.getTime()) ? `<lastmod>${date.toISOString()}</lastmod>` : '';
      return `<url><loc>${escapeXml(canonicalUrl(path, base))}</loc>${lastmodTag}</url>`;
    })
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
