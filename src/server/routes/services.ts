import { Hono } from 'hono';
import { ServiceListQuerySchema } from '../../shared/schemas/service';
import type { AppEnv } from '../deps';
import { fail } from '../http/errors';
import { parseOrThrow } from '../http/validate';
import { isId } from '../stores/ids';

/** Public reads: active services only, newest first. */
export const servicesRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = parseOrThrow(ServiceListQuerySchema, c.req.query());
    const data = await c.var.deps.stores.services.list({
      activeOnly: true,
      ...(query.isFeatured !== undefined ? { featured: query.isFeatured } : {}),
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
    });
    return c.json({ success: true as const, data });
  })
  .get('/:id', async (c) => {
    const id = c.req.param('id');
    const service = isId(id) ? await c.var.deps.stores.services.get(id) : null;
    if (!service || !service.isActive) return fail(c, 404, 'Service not found');
    return c.json({ success: true as const, data: service });
  });
