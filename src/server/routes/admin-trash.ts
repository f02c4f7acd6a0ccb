import { Hono } from 'hono';
import { TRASH_MESSAGES } from '../../shared/schemas/trash';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { deleteFromTrash, listTrash, restoreFromTrash } from '../domain/trash';

/** The trash: deleted services, banners and messages, kept 30 days (docs/content-api.md, "Trash"). */
export const adminTrashRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => {
    const data = await listTrash(c.var.deps);
    return c.json({ success: true as const, data });
  })
  .post('/:id/restore', async (c) => {
    const data = await restoreFromTrash(c.var.deps, c.req.param('id'));
    return c.json({ success: true as const, data, message: TRASH_MESSAGES.restored });
  })
  .delete('/:id', async (c) => {
    const data = await deleteFromTrash(c.var.deps, c.req.param('id'));
    return c.json({ success: true as const, data, message: TRASH_MESSAGES.deleted });
  });
