import { Hono } from 'hono';
import { TESTIMONIAL_MESSAGES, TestimonialInputSchema, TestimonialMoveSchema } from '../../shared/schemas/testimonial';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { createTestimonial, deleteTestimonial, moveTestimonial, updateTestimonial } from '../domain/testimonials';
import { readJson } from '../http/validate';

/** Testimonials (docs/content-api.md, "Testimonials"): the admin's list, hidden ones included, in order. */
export const adminTestimonialsRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => {
    const data = await c.var.deps.stores.testimonials.list();
    return c.json({ success: true as const, data });
  })
  .post('/', async (c) => {
    const data = await createTestimonial(c.var.deps, await readJson(c, TestimonialInputSchema));
    return c.json({ success: true as const, data, message: TESTIMONIAL_MESSAGES.created }, 201);
  })
  .put('/:id', async (c) => {
    const data = await updateTestimonial(c.var.deps, c.req.param('id'), await readJson(c, TestimonialInputSchema));
    return c.json({ success: true as const, data, message: TESTIMONIAL_MESSAGES.updated });
  })
  .post('/:id/move', async (c) => {
    const { direction } = await readJson(c, TestimonialMoveSchema);
    const data = await moveTestimonial(c.var.deps, c.req.param('id'), direction);
    return c.json({ success: true as const, data, message: TESTIMONIAL_MESSAGES.moved });
  })
  .delete('/:id', async (c) => {
    await deleteTestimonial(c.var.deps, c.req.param('id'));
    return c.json({ success: true as const, message: TESTIMONIAL_MESSAGES.deleted });
  });
