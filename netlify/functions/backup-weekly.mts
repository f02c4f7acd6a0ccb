import type { Config, Context } from '@netlify/functions';
import { runWeeklyBackupNow } from '../../src/server/backup/weekly-run';
import { isProductionContext } from '../../src/server/deploy-context';

/**
 * The automatic weekly backup (docs/backup.md, "Weekly backups"): a snapshot of the content into the `backups`
 * Blobs store, media copied once, the newest eight kept. Production deploy only: a Deploy Preview writes nothing.
 */
export default async (_request: Request, context: Context) => {
  if (!isProductionContext(context)) return new Response(null, { status: 204 });
  const outcome = await runWeeklyBackupNow();
  // Scheduled functions' replies go nowhere; the line in the function log is what an operator reads.
  console.log(`[backup] weekly: ${JSON.stringify(outcome)}`);
  return new Response(null, { status: 204 });
};

export const config: Config = {
  schedule: '@weekly',
};
