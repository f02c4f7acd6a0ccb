import { FIRST_RUN_MESSAGES, SampleRemovalSchema } from '../../shared/schemas/first-run';
import { firstRunStatus, removeSampleContent, restoreSampleContent } from '../demo/first-run';
import { readJson } from '../http/validate';
import { adminRouter, privateRead } from './admin-router';

/** The dashboard's first-run checklist and the one action that clears the demo items (docs/admin.md). */
export const adminFirstRunRoutes = adminRouter()
  .get('/', privateRead(firstRunStatus))
  .post('/remove-samples', async (c) => {
    const data = await removeSampleContent(c.var.deps);
    return c.json({ success: true as const, data, message: FIRST_RUN_MESSAGES.removed });
  })
  .post('/restore-samples', async (c) => {
    const restored = await restoreSampleContent(c.var.deps, await readJson(c, SampleRemovalSchema));
    return c.json({ success: true as const, data: { restored }, message: FIRST_RUN_MESSAGES.restored });
  });
