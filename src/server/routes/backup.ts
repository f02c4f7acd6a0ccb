import { Hono } from 'hono';
import { requireAdmin } from '../auth/require-admin';
import { liveBackupZip } from '../backup/export';
import { backupFilename } from '../backup/format';
import type { AppEnv } from '../deps';
import { backupAccess } from '../stores/backup-access';

/**
 * GET /api/admin/backup: every content record and referenced media file as one zip, streamed so it is not held
 * by the 6 MB buffered response limit of a function (docs/backup.md, "Download").
 */
export const adminBackupRoutes = new Hono<AppEnv>().use('*', requireAdmin).get('/', async (c) => {
  const { stores, media } = c.var.deps;
  const createdAt = new Date();
  const snapshot = await backupAccess(stores).read();
  const body = await liveBackupZip(snapshot, media, createdAt);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${backupFilename(createdAt)}"`,
      'Cache-Control': 'no-store',
    },
  });
});
