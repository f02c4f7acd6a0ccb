import { Hono } from 'hono';
import { CLIENT_DATA_MESSAGES, ClientEmailParamSchema } from '../../shared/schemas/client-data';
import { requireAdmin } from '../auth/require-admin';
import { eraseClientData, exportClientData } from '../clients/client-data';
import type { AppEnv } from '../deps';
import { parseOrThrow } from '../http/validate';

/**
 * A person's data rights (docs/policies.md, "Data rights"), for the portal's Clients screen and the message view:
 * GET /api/admin/clients/{email}/export downloads everything kept about them as JSON; DELETE /api/admin/clients/{email}
 * erases it. Admin only; the address is checked with the shared EmailSchema.
 */
export const adminClientDataRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/:email/export', async (c) => {
    const { email } = parseOrThrow(ClientEmailParamSchema, { email: c.req.param('email') });
    const data = await exportClientData(c.var.deps, email);
    // A file to hand to the person; personal data, so never kept by a cache.
    const day = data.exportedAt.slice(0, 10);
    const safeName = email.replace(/[^a-z0-9@._-]/g, '_');
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Disposition', `attachment; filename="data-${safeName}-${day}.json"`);
    return c.json(data);
  })
  .delete('/:email', async (c) => {
    const { email } = parseOrThrow(ClientEmailParamSchema, { email: c.req.param('email') });
    const data = await eraseClientData(c.var.deps, email);
    return c.json({ success: true as const, data, message: CLIENT_DATA_MESSAGES.erased });
  });
