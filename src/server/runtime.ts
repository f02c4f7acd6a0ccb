import { Hono } from 'hono';
import { createApp } from './app';
import type { AppDeps } from './deps';
import { ConfigurationError, getEnv, type Env } from './env';
import { fail } from './http/errors';
import { securityHeaders } from './http/security-headers';
import { readSiteSettings } from './domain/site-settings';
import { createMailer } from './mail/mailer';
import { withSiteSender } from './mail/site-sender';
import { createBlobsMediaStore } from './media/blobs';
import type { MediaStore } from './media/types';
import type { DebouncedPublisher, ScheduledOutcome } from './publish/debounce';
import { DeadlineError, SCHEDULED_BUDGET_MS, withDeadline } from './publish/deadline';
import { createPublisher } from './publish/publisher';
import type { Publisher } from './publish/types';
import { openStores } from './stores';
import type { Stores } from './stores/types';

/** The Blobs store a Deploy Preview or branch deploy writes its media to. */
export const PREVIEW_MEDIA_STORE = 'preview-media';

/** What a publisher may be built from: the opened stores and the media store of the same deps. */
export interface PublisherParts {
  stores: Stores;
  media: MediaStore;
}

/**
 * Builds the dependencies from configuration, once. The publisher is a parameter because it depends on where the
 * site runs: Netlify's build hook by default, a local build-and-swap under `npm start` (src/server/local/site.ts).
 */
export async function createDefaultDeps(
  env: Env = getEnv(),
  publisherFor: (parts: PublisherParts) => Publisher = ({ stores }) => createPublisher(env, stores),
): Promise<AppDeps> {
  const stores = await openStores(env);
  // A preview's uploads go to a store of their own, never the live site's media (docs/decisions/015-previews-isolated.md).
  const media = createBlobsMediaStore(env.isPreview ? PREVIEW_MEDIA_STORE : 'media');
  // The sender's name is the site's (docs/auth.md, "Mail sender").
  const mailer = withSiteSender(createMailer(env), async () => (await readSiteSettings(stores)).identity.siteName);
  return { env, stores, media, mailer, publisher: publisherFor({ stores, media }) };
}

/**
 * The app a deployed function answers with while its configuration is incomplete: every request gets a JSON 503 that
 * names the missing variables (names only, never values), with the same security headers as the real app.
 */
export function createUnconfiguredApp(error: ConfigurationError) {
  const app = new Hono({ strict: false });
  app.use('*', securityHeaders());
  app.all('*', (c) => fail(c, 503, `The site is not configured yet: ${error.message}`));
  return app;
}

/** The configuration, or (logged, names only) what is missing from it; any other failure is thrown. */
function readConfiguration(loadEnv: () => Env): Env | ConfigurationError {
  try {
    return loadEnv();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(`[config] ${error.message}`);
    return error;
  }
}

type RuntimeApp = ReturnType<typeof createApp> | ReturnType<typeof createUnconfiguredApp>;

let appPromise: Promise<ReturnType<typeof createApp>> | undefined;
let depsPromise: Promise<AppDeps> | undefined;

/**
 * One app per process (per warm serverless instance): the database client is reused across requests. Only a working
 * app is kept: missing configuration answers 503 (and is logged) on this request, and the next request reads the
 * configuration again, so nothing broken is cached for the instance's life.
 */
export async function getDefaultApp(loadEnv: () => Env = getEnv): Promise<RuntimeApp> {
  if (!appPromise) {
    const env = readConfiguration(loadEnv);
    if (env instanceof ConfigurationError) return createUnconfiguredApp(env);
    const attempt = createDefaultDeps(env).then(createApp);
    appPromise = attempt;
    attempt.catch(() => {
      if (appPromise === attempt) appPromise = undefined;
    });
  }
  return appPromise;
}

/**
 * The start of every scheduled function's run: the warm instance's dependencies, within the run's budget. Like the
 * API function it never keeps a failure: missing configuration or an unreachable database is logged, and the next
 * run tries again.
 */
export async function scheduledRunDeps(
  loadEnv: () => Env,
  signal: AbortSignal,
): Promise<AppDeps | { action: 'not-configured' | 'timed-out' }> {
  if (!depsPromise) {
    const env = readConfiguration(loadEnv);
    if (env instanceof ConfigurationError) return { action: 'not-configured' };
    const attempt = createDefaultDeps(env);
    depsPromise = attempt;
    attempt.catch(() => {
      if (depsPromise === attempt) depsPromise = undefined;
    });
  }
  try {
    return await withDeadline(depsPromise, signal);
  } catch (error) {
    if (error instanceof DeadlineError) return { action: 'timed-out' };
    throw error;
  }
}

/**
 * The scheduled function's whole job (netlify/functions/publish-scheduled.mts): publish waiting changes once the
 * quiet period has passed. Keeps the warm instance's dependencies like the API function, and like it never keeps a
 * failure: missing configuration or an unreachable database is logged and tried again on the next tick.
 */
export async function runScheduledPublish(
  loadEnv: () => Env = getEnv,
  /** One budget for the whole run, cold start included (deadline.ts); tests pass a short one. */
  budgetMs: number = SCHEDULED_BUDGET_MS,
): Promise<ScheduledOutcome | { action: 'not-configured' }> {
  const signal = AbortSignal.timeout(budgetMs);
  const deps = await scheduledRunDeps(loadEnv, signal);
  if ('action' in deps) return deps;
  const publisher = deps.publisher as Partial<DebouncedPublisher>;
  if (!publisher.publishIfQuiet) return { action: 'nothing' };
  return publisher.publishIfQuiet(signal);
}
