import { Hono } from 'hono';
import {
  ContactMessageUpdateSchema,
  encodeMessageCursor,
  MessageListQuerySchema,
  type MessageListReply,
} from '../../shared/schemas/contact';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { moveToTrash } from '../domain/trash';
import { fail } from '../http/errors';
import { parseOrThrow, readJson } from '../http/validate';
import { isId } from '../stores/ids';

const NOT_FOUND = 'Message not found';

/** The admin inbox of contact messages (beyond the spec, for the portal). */
export const adminMessagesRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  // One page of one folder, without bodies: a whole inbox of long messages would pass the 6 MB reply limit of a
  // function (docs/admin.md, "Messages"). The portal opens a message whole through GET /:id.
  .get('/', async (c) => {
    const { folder, limit, cursor } = parseOrThrow(MessageListQuerySchema, c.req.query());
    const { contact } = c.var.deps.stores;
    const [page, unread, counts] = await Promise.all([
      contact.page({ folder, limit, after: cursor }),
      contact.countUnread(),
      contact.countByFolder(),
    ]);
    const last = page.items.at(-1);
    const reply: MessageListReply = {
      success: true,
      data: page.items,
      nextCursor: page.hasMore && last ? encodeMessageCursor(last) : null,
      unread,
      counts,
    };
    return c.json(reply);
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
  // Moves the message to the trash (docs/admin.md, "Trash and undo").
  .delete('/:id', async (c) => {
    const id = c.req.param('id');
    const deleted = isId(id) ? await moveToTrash(c.var.deps, 'message', id) : null;
    if (!deleted) return fail(c, 404, NOT_FOUND);
    return c.json({ success: true as const, message: 'Message deleted' });
  });
