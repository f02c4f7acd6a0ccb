// The Bookings screen's calls (docs/bookings.md, "In the portal"), each reply checked by its schema.
import { z } from 'zod';
import {
  AdminBookingRowSchema,
  type AdminBookingsQuery,
  type AdminCancelInput,
  type BookingNotesInput,
} from '../../../shared/schemas/admin-bookings';
import { apiRequest } from '../../api/client';

const ListReply = z.object({
  success: z.literal(true),
  data: z.array(AdminBookingRowSchema),
  /** The practitioner's zone now (Availability), in which the week view is drawn. */
  timeZone: z.string(),
});
const RowReply = z.object({ success: z.literal(true), message: z.string().optional(), data: AdminBookingRowSchema });
const path = (id: string) => `/admin/bookings/${encodeURIComponent(id)}`;

export const bookingsApi = {
  list: (query: AdminBookingsQuery, signal?: AbortSignal) => {
    const search = new URLSearchParams();
    if (query.from) search.set('from', query.from);
    if (query.to) search.set('to', query.to);
    const qs = search.toString();
    return apiRequest(`/admin/bookings${qs ? `?${qs}` : ''}`, ListReply, signal ? { signal } : {});
  },
  cancel: (id: string, refund: AdminCancelInput['refund']) =>
    apiRequest(`${path(id)}/cancel`, RowReply, { method: 'POST', json: { refund } }),
  noShow: (id: string) => apiRequest(`${path(id)}/no-show`, RowReply, { method: 'POST', json: {} }),
  saveNotes: (id: string, input: BookingNotesInput) => apiRequest(path(id), RowReply, { method: 'PATCH', json: input }),
};
