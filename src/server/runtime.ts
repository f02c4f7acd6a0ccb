import { createApp } from './app';
import type { AppDeps } from './deps';
import { getEnv, type Env } from './env';
import { createMailer } from './mail/mailer';
import { createBlobsMediaStore } from './media/blobs';
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

/** One app per process (per warm serverless instance): the database client is reused across requests. */
export function getDefaultApp() {
  appPromise ??= createDefaultDeps().then(createApp);
  return appPromise;
}
