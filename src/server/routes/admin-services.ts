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
import { adminRouter, withContentWrites } from './admin-router';

const FORM = { fileFields: [SERVICE_IMAGE_FIELD] } as const;

/** The list and one service, each with its testimonials. */
const routes = adminRouter()
  .get('/', async (c) => {
    const services = await c.var.deps.stores.services.list({ activeOnly: false });
    const data = await servicesWithTestimonials(c.var.deps, services);
    return c.json({ success: true as const, data });
  })
  .get('/:id', async (c) => {
    const [data] = await servicesWithTestimonials(c.var.deps, [await getServiceOr404(c.var.deps, c.req.param('id'))]);
    return c.json({ success: true as const, data });
  });

/** Admin service management (docs/product-rules.md, "Calls"): every service, inactive ones included. */
export const adminServicesRoutes = withContentWrites(routes, SERVICE_MESSAGES, {
  body: (c) => readMultipart(c, FORM),
  create: createService,
  update: updateService,
  remove: deleteService,
});
