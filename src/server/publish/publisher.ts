import type { Env } from '../env';
import type { Stores } from '../stores/types';
import { createDebouncedPublisher } from './debounce';
import { createBuildHookPublisher } from './hook';
import type { Publisher } from './types';

/**
 * The publisher for the Netlify functions: the build hook when NETLIFY_BUILD_HOOK_URL is set, behind the debounce
 * (one deploy per editing session: a change marks the site as behind, the scheduled function calls the hook once the
 * quiet period has passed; 'Publish now' calls it at once). Without a hook: none (the status says publishing is not
 * set up). The local server does not come through here: it builds the site itself (src/server/local/site.ts).
 */
export function createPublisher(env: Env, stores: Stores): Publisher {
  if (env.NETLIFY_BUILD_HOOK_URL) {
    const hook = createBuildHookPublisher({
      meta: stores.meta,
      hookUrl: env.NETLIFY_BUILD_HOOK_URL,
      siteUrl: env.SITE_URL,
    });
    // No timers: a function instance may be frozen as soon as it has answered; the scheduled function checks.
    return createDebouncedPublisher({
      inner: hook,
      meta: stores.meta,
      quietMs: env.PUBLISH_QUIET_SECONDS * 1000,
      timers: false,
      // The scheduled function also builds when an offer or banner window opens or closes (docs/schedules.md).
      schedule: stores.schedule,
    });
  }
  return { mode: 'none', async contentChanged() {} };
}
