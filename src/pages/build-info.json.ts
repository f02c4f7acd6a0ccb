import type { APIRoute } from 'astro';
import { getSiteContent } from '../server/content/site-content';
import type { BuildInfo } from '../shared/schemas/publish';

/**
 * /build-info.json: the content version this build was made from, and when. The portal compares it with the live
 * content version to show whether the public site is up to date (src/server/publish/status.ts).
 */
export const GET: APIRoute = async () => {
  // builtAt is when the content was read: the offer and banner windows of this build stand as at that moment.
  const { contentVersion, readAt } = await getSiteContent();
  const info: BuildInfo = { contentVersion, builtAt: readAt.toISOString() };
  return new Response(JSON.stringify(info), { headers: { 'content-type': 'application/json' } });
};
