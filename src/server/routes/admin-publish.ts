import { publishNow } from '../publish/manual';
import { readPublishStatus } from '../publish/status';
import { adminRouter } from './admin-router';

/** /api/admin/publish: the live site's status, and 'Publish now' (the portal's 'Retry' is the same call). */
export const adminPublishRoutes = adminRouter()
  .get('/status', async (c) => {
    // Polled while publishing: never let a cache answer.
    c.header('cache-control', 'no-store');
    return c.json({ success: true as const, data: await readPublishStatus(c.var.deps) });
  })
  .post('/', async (c) => {
    const deps = c.var.deps;
    await publishNow(deps);
    c.header('cache-control', 'no-store');
    return c.json({ success: true as const, message: 'Publishing started', data: await readPublishStatus(deps) }, 202);
  });
