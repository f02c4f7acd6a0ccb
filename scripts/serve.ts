// `npm start`: seed on first start, build the site, serve it with the API on one port (8888 unless PORT is set).
// Every content change then rebuilds the site in the background and swaps it in (src/server/publish/local.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigurationError, getEnv, type Env } from '../src/server/env';
import { startLocalSite } from '../src/server/local/site';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A configuration mistake (a weak ADMIN_SETUP_CODE, say) stops start-up with its message alone, not a stack trace. */
function readEnv(): Env {
  try {
    return getEnv();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(`[config] ${error.message}`);
    process.exit(1);
  }
}
const env = readEnv();

const site = await startLocalSite({
  projectRoot,
  env,
  skipBuild: process.argv.includes('--no-build'),
});

console.log(`
  Site:    ${site.server.url}/
  Admin:   ${site.server.url}/admin/login
  Data:    ${env.DATA_DIR}${env.MONGODB_URI ? ' (not used: MONGODB_URI is set)' : ''}
  Outbox:  ${env.SMTP_URL ? 'SMTP (SMTP_URL is set)' : env.OUTBOX_DIR}
  Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await site.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
