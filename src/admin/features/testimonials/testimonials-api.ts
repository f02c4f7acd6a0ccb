// The testimonial calls (docs/content-api.md, "Testimonials"), each reply checked by its schema. Kept beside the
// feature rather than in endpoints.ts so testimonials stay one folder.
import { z } from 'zod';
import { apiSuccess as okWith, OkReplySchema } from '../../../shared/schemas/replies';
import { TestimonialRecordSchema, type TestimonialInput } from '../../../shared/schemas/testimonial';
import { apiRequest } from '../../api/client';

const path = (id: string) => `/admin/testimonials/${encodeURIComponent(id)}`;

export const testimonialsApi = {
  list: (signal?: AbortSignal) =>
    apiRequest('/admin/testimonials', okWith(z.array(TestimonialRecordSchema)), signal ? { signal } : {}),
  save: (id: string | null, input: TestimonialInput) =>
    apiRequest(id ? path(id) : '/admin/testimonials', okWith(TestimonialRecordSchema), {
      method: id ? 'PUT' : 'POST',
      json: input,
    }),
  move: (id: string, direction: 'up' | 'down') =>
    apiRequest(`${path(id)}/move`, okWith(z.array(TestimonialRecordSchema)), {
      method: 'POST',
      json: { direction },
    }),
  remove: (id: string) => apiRequest(path(id), OkReplySchema, { method: 'DELETE' }),
};
