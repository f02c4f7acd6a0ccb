import { TESTIMONIAL_MESSAGES, TestimonialInputSchema, TestimonialMoveSchema } from '../../shared/schemas/testimonial';
import { createTestimonial, deleteTestimonial, moveTestimonial, updateTestimonial } from '../domain/testimonials';
import { readJson } from '../http/validate';
import { adminRouter, withContentWrites } from './admin-router';

/** Testimonials (docs/content-api.md, "Testimonials"): the admin's list, hidden ones included, in order. */
const routes = adminRouter()
  .get('/', async (c) => {
    const data = await c.var.deps.stores.testimonials.list();
    return c.json({ success: true as const, data });
  })
  .post('/:id/move', async (c) => {
    const { direction } = await readJson(c, TestimonialMoveSchema);
    const data = await moveTestimonial(c.var.deps, c.req.param('id'), direction);
    return c.json({ success: true as const, data, message: TESTIMONIAL_MESSAGES.moved });
  });

export const adminTestimonialsRoutes = withContentWrites(routes, TESTIMONIAL_MESSAGES, {
  body: (c) => readJson(c, TestimonialInputSchema),
  create: createTestimonial,
  update: updateTestimonial,
  remove: deleteTestimonial,
});
