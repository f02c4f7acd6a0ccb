// The publish folder's `_redirects` file (Astro skips page files whose names start with "_", so the name comes in
// as this route's only parameter): the permanent redirects of old service addresses, from the same snapshot as the
// pages (src/server/content/service-redirects.ts).
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSiteContent } from '../server/content/site-content';
import { REDIRECTS_FILE, redirectsFileText, serviceRedirects } from '../server/content/service-redirects';

export const getStaticPaths = (() => [{ params: { redirectsFile: REDIRECTS_FILE } }]) satisfies GetStaticPaths;

export const GET: APIRoute = async () => {
  const { services } = await getSiteContent();
  return new Response(redirectsFileText(serviceRedirects(services)), {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
};
