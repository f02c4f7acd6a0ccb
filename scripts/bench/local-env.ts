// A benched local site: its configuration (a fresh data folder, a free port, the embedded store) and its admin.
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

/** Creates the bench's first admin on a fresh site at `base` and returns its session token. */
export async function benchAdminToken(base: string): Promise<string> {
  const init = await fetch(`${base}/api/admin/auth/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', email: 'bench@example.com', password: 'bench-password-123' }),
  });
  return ((await init.json()) as { token: string }).token;
}
