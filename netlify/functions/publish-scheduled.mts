import type { Config } from '@netlify/functions';
import { runScheduledPublish } from '../../src/server/runtime';

/**
 * One deploy per editing session (docs/publishing.md): every minute, call the build hook if content changes are
 * waiting and the last one is older than the quiet period (PUBLISH_QUIET_SECONDS). Saves only mark the site as behind.
 */
export default async () => {
  const outcome = await runScheduledPublish();
  // Scheduled functions' replies go nowhere; the line in the function log is what an operator reads.
  if (outcome.action !== 'nothing') console.log(`[publish] scheduled check: ${JSON.stringify(outcome)}`);
  return new Response(null, { status: 204 });
};

export const config: Config = {
  schedule: '* * * * *',
};
