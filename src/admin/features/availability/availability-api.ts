// The Availability screen's calls (docs/bookings.md, "In the portal"), each reply checked by its schema. Kept beside
// the feature rather than in endpoints.ts so the booking screens stay in their own folders.
import { z } from 'zod';
import { AdminAvailabilityReplySchema, type AdminAvailabilityInput } from '../../../shared/schemas/admin-bookings';
import { apiRequest } from '../../api/client';

const okWith = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

export const availabilityApi = {
  get: (signal?: AbortSignal) =>
    apiRequest('/admin/availability', okWith(AdminAvailabilityReplySchema), signal ? { signal } : {}),
  save: (input: AdminAvailabilityInput) =>
    apiRequest('/admin/availability', okWith(AdminAvailabilityReplySchema), { method: 'PUT', json: input }),
  /** A new private feed address; the old one stops working at once. */
  rotateFeed: () =>
    apiRequest('/admin/availability/feed-token', okWith(AdminAvailabilityReplySchema), { method: 'POST', json: {} }),
};
