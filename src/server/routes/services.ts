import { Hono } from 'hono';
import { nextBoundary, publicOffer } from '../../shared/schedule';
import { ServiceListQuerySchema } from '../../shared/schemas/service';
import type { AppEnv } from '../deps';
import { findPublicService } from '../domain/services';
import { servicesWithTestimonials } from '../domain/testimonials';
import { fail } from '../http/errors';
import { parseOrThrow } from '../http/validate';

/**
 * The list is the API's hottest read (home and services pages' client fallbacks, the admin). Its serialised reply
 * is kept per query while the store's change token stays the same, so a burst of readers costs one read and one
 * JSON.stringify. Keyed by store too, so tests with fresh stores never share an entry. An entry also ends when an
 * offer window in it opens or closes (docs/schedules.md), since the reply shows offers only inside their window.
 */
interface CachedReply {
  body: Uint8Array<ArrayBuffer>;
  /** ms since the epoch; Infinity when no window in the reply is ahead. */
  validUntil: number;
}
const listReplies = new WeakMap<object, { token: string; bodies: Map<string, CachedReply> }>();
const utf8 = new TextEncoder();

/** Public reads: active services only, in the site order the practitioner sets (docs/content-api.md, "Order"). */
export const servicesRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = parseOrThrow(ServiceListQuerySchema, c.req.query());
    const store = c.var.deps.stores.services;
    const key = `${query.limit ?? ''}|${query.isFeatured ?? ''}`;
    const token = store.changeToken?.();
    let cache = listReplies.get(store);
    if (token !== undefined && cache?.token !== token) {
      cache = { token, bodies: new Map() };
      listReplies.set(store, cache);
    }
    const now = new Date();
    const cached = token !== undefined ? cache?.bodies.get(key) : undefined;
    let body = cached && now.getTime() < cached.validUntil ? cached.body : undefined;
    if (body === undefined) {
      const data = await store.list({
        activeOnly: true,
        ...(query.isFeatured !== undefined ? { featured: query.isFeatured } : {}),
        ...(query.limit !== undefined ? { limit: query.limit } : {}),
      });
      // Kept as bytes: a cached reply is then sent without being encoded again. The change token covers the
      // testimonials too (one database), so derived ratings never go stale in the cache.
      const derived = (await servicesWithTestimonials(c.var.deps, data)).map((service) => publicOffer(service, now));
      body = utf8.encode(JSON.stringify({ success: true as const, data: derived }));
      const next = nextBoundary(
        data.map((service) => ({ start: service.offerStart, end: service.offerEnd })),
        now,
      );
      if (token !== undefined) cache?.bodies.set(key, { body, validUntil: next?.getTime() ?? Infinity });
    }
    return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8' });
  })
  .get('/:idOrSlug', async (c) => {
    const service = await findPublicService(c.var.deps, c.req.param('idOrSlug'));
    if (!service) return fail(c, 404, 'Service not found');
    const [data] = await servicesWithTestimonials(c.var.deps, [service]);
    // The client-rendered fallback of a service page reads this: the offer only inside its window.
    return c.json({ success: true as const, data: data && publicOffer(data, new Date()) });
  });
