import { createApp } from './app';
import type { AppDeps } from './deps';
import { getEnv, type Env } from './env';
import { createMailer } from './mail/mailer';
import { createBlobsMediaStore } from './media/blobs';
import type { DebouncedPublisher, ScheduledOutcome } from './publish/debounce';
import { createPublisher } from './publish/publisher';
import { openStores } from './stores';

/** Builds the production dependencies from configuration. */
export async function createDefaultDeps(env: Env = getEnv()): Promise<AppDeps> {
  const stores = await openStores(env);
  return {
    env,
    stores,
    media: createBlobsMediaStore(),
    mailer: createMailer(env),
    publisher: createPublisher(env, stores),
  };
}

let appPromise: Promise<ReturnType<typeof createApp>> | undefined;
let depsPromise: Promise<AppDeps> | undefined;

/** One app per process (per warm serverless instance): the database client is reused across requests. */
export function getDefaultApp() {
  appPromise ??= createDefaultDeps().then(createApp);
  return appPromise;
}

/**
 * The scheduled function's whole job (netlify/functions/publish-scheduled.mts): publish waiting changes once the
 * quiet period has passed. Reuses the warm instance's app dependencies, like the API function.
 */
export async function runScheduledPublish(): Promise<ScheduledOutcome> {
  depsPromise ??= createDefaultDeps();
  const deps = await depsPromise;
  const publisher = deps.publisher as Partial<DebouncedPublisher>;
  if (!publisher.publishIfQuiet) return { action: 'nothing' };
  return publisher.publishIfQuiet();
}
