import path from 'node:path';
import { createApp } from '../app';
import { isContentEmpty, seedDemoContent } from '../demo/demo-seed';
import type { AppDeps } from '../deps';
import type { Env } from '../env';
import { copyReferencedMedia, describeCopy } from '../publish/copy-media';
import { createDebouncedPublisher, type DebouncedPublisher } from '../publish/debounce';
import { createDefaultDeps, type PublisherParts } from '../runtime';
import { migrateIndexes } from '../stores/mongo/migrate';
import { backfillServiceSlugs } from '../domain/service-slugs';
import { LocalBuildPublisher, type LocalBuildOutcome } from './publisher';
import { createSiteBuilder, type SiteBuilder } from './build-site';
import { startLocalServer, type LocalServer } from './server';
import { currentBuild, prepareSiteRoot, type SiteRoot } from './site-root';
import { readContentVersion } from '../stores/content-version';
import { startBookingChoresTimer } from './booking-chores';

/** The file whose presence makes the next local build fail (tests; docs/publishing.md). Ignored in production. */
export const FAIL_NEXT_BUILD_FILE = 'fail-next-build';

export interface LocalSiteOptions {
  projectRoot: string;
  env: Env;
  /** Serve the build already in the data folder instead of building at start (`npm start -- --no-build`). */
  skipBuild?: boolean;
  /** Progress lines; `npm start` prints them. */
  log?: (line: string) => void;
}

export interface LocalSite {
  server: LocalServer;
  site: SiteRoot;
  deps: AppDeps;
  /** Builds at once ('Publish now', the start build). */
  publisher: LocalBuildPublisher;
  /** What the app uses: changes wait for the quiet period (PUBLISH_QUIET_SECONDS), then one build publishes them. */
  scheduler: DebouncedPublisher;
  /** The build made at start (undefined with skipBuild). */
  initialBuild: LocalBuildOutcome | undefined;
  stop(): Promise<void>;
}

/**
 * `npm start` as a function: seed on first start, build, serve, and rebuild after every content change
 * (scripts/serve.ts runs it; the publishing bench starts several in one process).
 */
export async function startLocalSite(options: LocalSiteOptions): Promise<LocalSite> {
  const { env, projectRoot } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const site = prepareSiteRoot(projectRoot, env.DATA_DIR);
  // The same explicit index step as a Netlify build (`npm run db:migrate`), before the first request or build.
  if (env.MONGODB_URI) await migrateIndexes(env.MONGODB_URI, env.MONGODB_DB);
  let local: LocalPublishers | undefined;
  const deps = await createDefaultDeps(env, (parts) => {
    local = createLocalPublishers(parts, { projectRoot, env, site, log });
    return local.scheduler;
  });
  if (!local) throw new Error('createDefaultDeps did not build the publisher');
  const { publisher, scheduler, builder } = local;
  const app = createApp(deps);

  let initialBuild: LocalBuildOutcome | undefined;
  let server: LocalServer;
  try {
    server = await startLocalServer({
      siteRoot: site.root,
      port: env.PORT,
      host: env.HOST,
      distDir: site.distLink,
      app,
      async beforeListen() {
        if (!env.isProduction && (await isContentEmpty(deps.stores))) {
          const seeded = await seedDemoContent(deps.stores, deps.media);
          log(`Seeded demo content: ${seeded.services} services, ${seeded.banners} banners.`);
        }
        // Services saved before slugs get theirs before the build bakes their addresses (docs/content-api.md,
        // "Addresses"); the same step as `npm run db:migrate` on Netlify, and a no-op once every service has one.
        const filled = await backfillServiceSlugs(deps.stores.services);
        if (filled > 0) log(`Gave ${filled} service(s) a readable address.`);
        if (options.skipBuild) return;
        log('Building the site…');
        const unsubscribe = publisher.onBuild((outcome) => (initialBuild = outcome));
        const version = await readContentVersion(deps.stores.meta);
        await publisher.contentChanged({ kind: 'manual', title: 'Server start', version });
        await publisher.whenIdle();
        unsubscribe();
        if (!initialBuild?.ok) {
          if (currentBuild(site) === null) {
            log(initialBuild?.result.log ?? '');
            throw new Error('The site build failed (log above).');
          }
          log('The site build failed; serving the previous build. The admin portal shows the error.');
          return;
        }
        log(`Built in ${(initialBuild.durationMs / 1000).toFixed(1)} s.`);
      },
    });
  } catch (error) {
    scheduler.stop();
    await publisher.stop();
    await builder.stop();
    await deps.stores.close();
    throw error;
  }

  // Changes saved before a restart (with --no-build) are still waiting: pick them up.
  void scheduler.publishIfQuiet().catch(() => undefined);
  // Holds, reminders and the practitioner's calendar, as the deployed site's scheduled function does them.
  const chores = startBookingChoresTimer(deps, log);

  return {
    server,
    site,
    deps,
    publisher,
    scheduler,
    initialBuild,
    async stop() {
      scheduler.stop();
      await chores.stop();
      await publisher.stop();
      await builder.stop();
      await server.stop();
      await deps.stores.close();
    },
  };
}

interface LocalPublishers {
  /** Builds at once ('Publish now', the start build). */
  publisher: LocalBuildPublisher;
  /** What the app uses: changes wait for the quiet period, then one build publishes them. */
  scheduler: DebouncedPublisher;
  /** The build process the publisher keeps between builds. */
  builder: SiteBuilder;
}

function createLocalPublishers(
  parts: PublisherParts,
  { projectRoot, env, site, log }: { projectRoot: string; env: Env; site: SiteRoot; log: (line: string) => void },
): LocalPublishers {
  // The build child reads the same stores as this process. Pass the store settings explicitly: `env` may not come
  // from process.env (the bench builds several data folders from one process).
  const buildEnv: Record<string, string> = {
    BUILD_CACHE_DIR: path.join(site.root, 'cache'),
    DATA_DIR: env.DATA_DIR,
    SITE_URL: env.SITE_URL,
    MONGODB_DB: env.MONGODB_DB,
    ...(env.MONGODB_URI ? { MONGODB_URI: env.MONGODB_URI } : {}),
  };
  const builder = createSiteBuilder(projectRoot, buildEnv);
  // The local site follows the content by rebuilding here, whatever NETLIFY_BUILD_HOOK_URL says: a build hook would
  // rebuild the Netlify site, not the one this server serves.
  const publisher = new LocalBuildPublisher({
    meta: parts.stores.meta,
    site,
    log,
    build: async (outDir, signal) => {
      const result = await builder.build(outDir, {
        signal,
        failureFlagFile: env.isProduction ? null : path.join(site.root, FAIL_NEXT_BUILD_FILE),
      });
      if (!result.ok) return result;
      // As the build plugin does on Netlify: the pages' media become static files of this build (local Blobs sandbox).
      try {
        const copied = await copyReferencedMedia(outDir, parts.media, currentBuild(site));
        return { ...result, log: `${result.log}\n[publish] ${describeCopy(copied)}\n` };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { ...result, ok: false, log: `${result.log}\n[publish] Copying media failed: ${message}\n` };
      }
    },
  });
  // The same debounce as on Netlify (docs/publishing.md), with a timer in this process instead of a scheduled function.
  const scheduler = createDebouncedPublisher({
    inner: publisher,
    meta: parts.stores.meta,
    quietMs: env.PUBLISH_QUIET_SECONDS * 1000,
    timers: true,
    log,
    schedule: parts.stores.schedule,
  });
  return { publisher, scheduler, builder };
}
