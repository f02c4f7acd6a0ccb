import { Hono } from 'hono';
import { ORDER_MESSAGES, OrderInputSchema } from '../../shared/schemas/order';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { readJson } from '../http/validate';
import { reorderBanners, reorderServices } from '../domain/ordering';

/**
 * `PUT /api/admin/services/order` and `PUT /api/admin/banners/order`: the admin's lists send every id in the new
 * order (docs/content-api.md, "Order"). Mounted before the service routes, whose `/:id` would take "order".
 */
export const adminServiceOrderRoutes = new Hono<AppEnv>().use('*', requireAdmin).put('/', async (c) => {
  await reorderServices(c.var.deps, await readJson(c, OrderInputSchema));
  return c.json({ success: true as const, message: ORDER_MESSAGES.saved });
});

export const adminBannerOrderRoutes = new Hono<AppEnv>().use('*', requireAdmin).put('/', async (c) => {
  await reorderBanners(c.var.deps, await readJson(c, OrderInputSchema));
  return c.json({ success: true as const, message: ORDER_MESSAGES.saved });
});
