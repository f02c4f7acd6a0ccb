import path from 'node:path';
import { createApp } from '../app';
import { isContentEmpty, seedDemoContent } from '../content/demo-seed';
import type { AppDeps } from '../deps';
import type { Env } from '../env';
import { LocalBuildPublisher, type LocalBuildOutcome } from './publisher';
import { createDefaultDeps } from '../runtime';
import { buildSite } from './build-site';
import { startLocalServer, type LocalServer } from './server';
import { currentBuild, prepareSiteRoot, type SiteRoot } from './site-root';
import { readContentVersion } from '../stores/content-version';

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
  publisher: LocalBuildPublisher;
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
  const deps = await createDefaultDeps(env);

  // The build child reads the same stores as this process. Pass the store settings explicitly: `env` may not come
  // from process.env (the bench builds several data folders from one process).
  const buildEnv: Record<string, string> = {
    BUILD_CACHE_DIR: path.join(site.root, 'cache'),
    DATA_DIR: env.DATA_DIR,
    SITE_URL: env.SITE_URL,
    MONGODB_DB: env.MONGODB_DB,
    ...(env.MONGODB_URI ? { MONGODB_URI: env.MONGODB_URI } : {}),
  };
  // The local site follows the content by rebuilding here, whatever NETLIFY_BUILD_HOOK_URL says: a build hook would
  // rebuild the Netlify site, not the one this server serves.
  const publisher = new LocalBuildPublisher({
    meta: deps.stores.meta,
    site,
    log,
    build: (outDir, signal) =>
      buildSite(projectRoot, outDir, buildEnv, {
        signal,
        failureFlagFile: env.isProduction ? null : path.join(site.root, FAIL_NEXT_BUILD_FILE),
      }),
  });
  deps.publisher = publisher;
  const app = createApp(deps);

  let initialBuild: LocalBuildOutcome | undefined;
  let server: LocalServer;
  try {
    server = await startLocalServer({
      siteRoot: site.root,
      port: env.PORT,
      distDir: site.distLink,
      app,
      async beforeListen() {
        if (!env.isProduction && (await isContentEmpty(deps.stores))) {
          const seeded = await seedDemoContent(deps.stores, deps.media);
          log(`Seeded demo content: ${seeded.services} services, ${seeded.banners} banners.`);
        }
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
    await publisher.stop();
    await deps.stores.close();
    throw error;
  }

  return {
    server,
    site,
    deps,
    publisher,
    initialBuild,
    async stop() {
      await publisher.stop();
      await server.stop();
      await deps.stores.close();
    },
  };
}
