import type { Env } from '../env';
import type { Stores } from '../stores/types';
import { createBuildHookPublisher } from './hook';
import type { Publisher } from './types';

/**
 * The publisher for the Netlify function: the build hook when NETLIFY_BUILD_HOOK_URL is set, otherwise none (the
 * status then says publishing is not set up). The local server does not come through here: it builds the site itself
 * and passes a LocalBuildPublisher (scripts/serve.ts).
 */
export function createPublisher(env: Env, stores: Stores): Publisher {
  if (env.NETLIFY_BUILD_HOOK_URL) {
    return createBuildHookPublisher({ meta: stores.meta, hookUrl: env.NETLIFY_BUILD_HOOK_URL, siteUrl: env.SITE_URL });
  }
  return { mode: 'none', async contentChanged() {} };
}
