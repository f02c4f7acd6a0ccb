import { Hono } from 'hono';
import type { AppEnv } from '../deps';

/** GET is public (active banners, by order). The content API adds the admin view and POST/PUT/DELETE. */
export const bannersRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const data = await c.var.deps.stores.banners.list({ activeOnly: true });
  return c.json({ success: true as const, data });
});
