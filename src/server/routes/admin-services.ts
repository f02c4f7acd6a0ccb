import { Hono } from 'hono';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { servicesWithTestimonials } from '../domain/testimonials';
import { readMultipart } from '../http/multipart';
import {
  createService,
  deleteService,
  getServiceOr404,
  SERVICE_IMAGE_FIELD,
  SERVICE_MESSAGES,
  updateService,
} from '../domain/services';

const FORM = { fileFields: [SERVICE_IMAGE_FIELD] } as const;

/** Admin service management (docs/product-rules.md, "Calls"): every service, inactive ones included. */
export const adminServicesRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => {
    const services = await c.var.deps.stores.services.list({ activeOnly: false });
    const data = await servicesWithTestimonials(c.var.deps, services);
    return c.json({ success: true as const, data });
  })
  .get('/:id', async (c) => {
    const [data] = await servicesWithTestimonials(c.var.deps, [await getServiceOr404(c.var.deps, c.req.param('id'))]);
    return c.json({ success: true as const, data });
  })
  .post('/', async (c) => {
    const data = await createService(c.var.deps, await readMultipart(c, FORM));
    return c.json({ success: true as const, data, message: SERVICE_MESSAGES.created }, 201);
  })
  .put('/:id', async (c) => {
    const data = await updateService(c.var.deps, c.req.param('id'), await readMultipart(c, FORM));
    return c.json({ success: true as const, data, message: SERVICE_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    await deleteService(c.var.deps, c.req.param('id'));
    return c.json({ success: true as const, message: SERVICE_MESSAGES.deleted });
  });
