import { Hono } from 'hono';
import { requireAdmin } from '../auth/require-admin';
import { liveBackupZip } from '../backup/export';
import { backupFilename } from '../backup/format';
import { BACKUPS_STORE, listWeeklyBackups, weeklyBackupZip } from '../backup/weekly';
import type { AppDeps, AppEnv } from '../deps';
import { fail } from '../http/errors';
import { createBlobsMediaStore } from '../media/blobs';
import { backupAccess } from '../stores/backup-access';

const backupStore = (deps: AppDeps) => deps.backups ?? createBlobsMediaStore(BACKUPS_STORE);

const zipResponse = (body: ReadableStream<Uint8Array>, createdAt: Date) =>
  new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${backupFilename(createdAt)}"`,
      'Cache-Control': 'no-store',
    },
  });

/**
 * GET /api/admin/backup: every content record and referenced media file as one zip, streamed so it is not held
 * by the 6 MB buffered response limit of a function (docs/backup.md, "Download"). The weekly backups are listed at
 * /api/admin/backup/weekly and each downloads as the same kind of zip.
 */
export const adminBackupRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => {
    const { stores, media } = c.var.deps;
    const createdAt = new Date();
    const snapshot = await backupAccess(stores).read();
    return zipResponse(await liveBackupZip(snapshot, media, createdAt), createdAt);
  })
  .get('/weekly', async (c) => {
    const data = await listWeeklyBackups(backupStore(c.var.deps));
    return c.json({ success: true as const, data });
  })
  .get('/weekly/:id', async (c) => {
    const found = await weeklyBackupZip(backupStore(c.var.deps), c.req.param('id'));
    if (!found) return fail(c, 404, 'There is no weekly backup with that date');
    return zipResponse(found.body, found.createdAt);
  });
