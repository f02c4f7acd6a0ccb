// The portal's booking routes (docs/bookings.md, "In the portal"). Thin: every input through a shared schema, the
// work in src/server/bookings/portal.ts and the booking service.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  AdminAvailabilityInputSchema,
  AdminBookingsQuerySchema,
  AdminCancelInputSchema,
  BookingNotesInputSchema,
  FunnelQuerySchema,
} from '../../shared/schemas/admin-bookings';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { fail } from '../http/errors';
import { parseOrThrow, readJson } from '../http/validate';
import { cancelBooking, markNoShow, policyOf, setNotes } from '../bookings/service';
import {
  adminRow,
  availabilityReply,
  clientList,
  exportCsv,
  funnelReport,
  listAdminBookings,
  rotateFeedToken,
  saveAvailability,
} from '../bookings/portal';
import { isId } from '../stores/ids';

const NOT_FOUND = 'Booking not found';
const ExportQuerySchema = z.object({ table: z.enum(['clients', 'bookings']).default('clients') });

/** Admin replies hold personal data: never kept by a cache on the way. */
const noStore = { 'Cache-Control': 'no-store' };

export const adminAvailabilityRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => c.json({ success: true as const, data: await availabilityReply(c.var.deps) }, 200, noStore))
  .put('/', async (c) => {
    const input = await readJson(c, AdminAvailabilityInputSchema);
    const data = await saveAvailability(c.var.deps, input);
    return c.json({ success: true as const, message: 'Availability saved', data }, 200, noStore);
  })
  .post('/feed-token', async (c) => {
    await readJson(c, z.strictObject({}));
    const data = await rotateFeedToken(c.var.deps);
    return c.json({ success: true as const, message: 'New feed address made', data }, 200, noStore);
  });

export const adminBookingsRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => {
    const query = parseOrThrow(AdminBookingsQuerySchema, c.req.query());
    const { rows, timeZone } = await listAdminBookings(c.var.deps, query, new Date());
    return c.json({ success: true as const, data: rows, timeZone }, 200, noStore);
  })
  .post('/:id/cancel', async (c) => {
    const id = c.req.param('id');
    const { refund } = await readJson(c, AdminCancelInputSchema);
    if (!isId(id)) return fail(c, 404, NOT_FOUND);
    const booking = await cancelBooking(c.var.deps, id, 'practitioner', { refund }, new Date());
    const refunded = booking.payment.refundedPaise ?? 0;
    const message =
      refunded > 0
        ? `Booking cancelled; ₹${(refunded / 100).toLocaleString('en-IN')} is being refunded.`
        : 'Booking cancelled.';
    return c.json({ success: true as const, message, data: await rowOf(c, booking) }, 200, noStore);
  })
  .post('/:id/no-show', async (c) => {
    const id = c.req.param('id');
    await readJson(c, z.strictObject({}));
    if (!isId(id)) return fail(c, 404, NOT_FOUND);
    const booking = await markNoShow(c.var.deps, id, new Date());
    return c.json(
      { success: true as const, message: 'Marked as no-show', data: await rowOf(c, booking) },
      200,
      noStore,
    );
  })
  .patch('/:id', async (c) => {
    const id = c.req.param('id');
    const { practitionerNotes } = await readJson(c, BookingNotesInputSchema);
    if (!isId(id)) return fail(c, 404, NOT_FOUND);
    const booking = await setNotes(c.var.deps, id, practitionerNotes);
    return c.json({ success: true as const, message: 'Notes saved', data: await rowOf(c, booking) }, 200, noStore);
  });

async function rowOf(c: { var: AppEnv['Variables'] }, booking: Parameters<typeof adminRow>[0]) {
  const stored = await c.var.deps.stores.availability.get();
  return adminRow(booking, policyOf(stored), new Date());
}

export const adminClientsRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => c.json({ success: true as const, data: await clientList(c.var.deps) }, 200, noStore))
  .get('/export.csv', async (c) => {
    const { table } = parseOrThrow(ExportQuerySchema, c.req.query());
    const csv = await exportCsv(c.var.deps, table);
    const day = new Date().toISOString().slice(0, 10);
    // A byte-order mark, so Excel reads the names as UTF-8.
    return c.body(`\uFEFF${csv}`, 200, {
      ...noStore,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${table}-${day}.csv"`,
    });
  });

export const adminFunnelRoutes = new Hono<AppEnv>().use('*', requireAdmin).get('/', async (c) => {
  const { days } = parseOrThrow(FunnelQuerySchema, c.req.query());
  return c.json({ success: true as const, data: await funnelReport(c.var.deps, days, new Date()) }, 200, noStore);
});
