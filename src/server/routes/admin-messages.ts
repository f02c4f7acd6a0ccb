import { Hono } from 'hono';
import { ContactMessageUpdateSchema } from '../../shared/schemas/contact';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { fail } from '../http/errors';
import { readJson } from '../http/validate';
import { isId } from '../stores/ids';

const NOT_FOUND = 'Message not found';

/** The admin inbox of contact messages (beyond the spec, for the portal). */
export const adminMessagesRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => {
    const { contact } = c.var.deps.stores;
    const [data, unread] = await Promise.all([contact.list(), contact.countUnread()]);
    return c.json({ success: true as const, data, unread });
  })
  .get('/:id', async (c) => {
    const id = c.req.param('id');
    const message = isId(id) ? await c.var.deps.stores.contact.get(id) : null;
    if (!message) return fail(c, 404, NOT_FOUND);
    return c.json({ success: true as const, data: message });
  })
  .patch('/:id', async (c) => {
    const id = c.req.param('id');
    const { status } = await readJson(c, ContactMessageUpdateSchema);
    const message = isId(id) ? await c.var.deps.stores.contact.update(id, { status }) : null;
    if (!message) return fail(c, 404, NOT_FOUND);
    return c.json({ success: true as const, data: message });
  })
  .delete('/:id', async (c) => {
    const id = c.req.param('id');
    const deleted = isId(id) ? await c.var.deps.stores.contact.delete(id) : false;
    if (!deleted) return fail(c, 404, NOT_FOUND);
    return c.json({ success: true as const, message: 'Message deleted' });
  });
