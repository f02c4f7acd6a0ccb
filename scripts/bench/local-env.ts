// The configuration of a benched local site: a fresh data folder, a free port, the embedded store.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv, type Env } from '../../src/server/env';
import { freePort } from '../../tests/support/free-port';

/** `quietSeconds` is PUBLISH_QUIET_SECONDS (docs/publishing.md); the caller removes `dataDir` afterwards. */
export async function benchSiteEnv(prefix: string, quietSeconds: number): Promise<{ env: Env; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const port = await freePort();
  const env = parseEnv({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    SITE_URL: `http://localhost:${port}`,
    MONGODB_URI: '',
    PUBLISH_QUIET_SECONDS: String(quietSeconds),
  });
  return { env, dataDir };
}
