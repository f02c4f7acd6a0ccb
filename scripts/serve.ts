// `npm start`: seed on first start, build the site, serve it with the API on one port (8888 unless PORT is set).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../src/server/app';
import { isContentEmpty, seedDemoContent } from '../src/server/content/demo-seed';
import { getEnv } from '../src/server/env';
import { buildSite } from '../src/server/local/build-site';
import { startLocalServer } from '../src/server/local/server';
import { activateBuild, newBuildDir, prepareSiteRoot } from '../src/server/local/site-root';
import { createDefaultDeps } from '../src/server/runtime';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = getEnv();
const site = prepareSiteRoot(projectRoot, env.DATA_DIR);
const skipBuild = process.argv.includes('--no-build');

const deps = await createDefaultDeps(env);
const app = createApp(deps);

const server = await startLocalServer({
  siteRoot: site.root,
  port: env.PORT,
  distDir: site.distLink,
  app,
  async beforeListen() {
    if (!env.isProduction && (await isContentEmpty(deps.stores))) {
      const seeded = await seedDemoContent(deps.stores, deps.media);
      console.log(`Seeded demo content: ${seeded.services} services, ${seeded.banners} banners.`);
    }
    if (skipBuild) return;
    console.log('Building the site…');
    const buildDir = newBuildDir(site);
    const result = await buildSite(projectRoot, buildDir, { BUILD_CACHE_DIR: path.join(site.root, 'cache') });
    if (!result.ok) {
      console.log(result.log);
      throw new Error('The site build failed (log above).');
    }
    activateBuild(site, buildDir);
    console.log(`Built in ${(result.durationMs / 1000).toFixed(1)} s.`);
  },
});

console.log(`
  Site:    ${server.url}/
  Admin:   ${server.url}/admin/login
  Data:    ${env.DATA_DIR}${env.MONGODB_URI ? ' (not used: MONGODB_URI is set)' : ''}
  Outbox:  ${env.SMTP_URL ? 'SMTP (SMTP_URL is set)' : env.OUTBOX_DIR}
  Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await server.stop();
  await deps.stores.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
