// `npm run db:migrate` as the Netlify build command runs it (a real child process).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEXES } from '../src/server/stores/mongo/client';
import { freePort, standinAvailable, startStandin, type Standin } from '../tests/support/mongo-standin';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function migrate(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !['MONGODB_URI', 'NETLIFY', 'CONTEXT', 'SITE_ID', 'URL'].includes(name),
    ),
  );
  const result = spawnSync(
    process.execPath,
    [path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/db-migrate.ts'],
    { cwd: projectRoot, env: { ...clean, ...env }, encoding: 'utf8', timeout: 60_000 },
  );
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('npm run db:migrate', () => {
  it('fails a Netlify build without MONGODB_URI, naming it, so the live site stays', () => {
    const { status, out } = migrate({ NETLIFY: 'true', CONTEXT: 'production' });
    expect(status).toBe(1);
    expect(out).toContain('db:migrate failed: MONGODB_URI is not set for this Netlify build.');
  });

  it('has nothing to do locally without MONGODB_URI', () => {
    const { status, out } = migrate({});
    expect(status).toBe(0);
    expect(out).toContain('MONGODB_URI is not set; the embedded store needs no migration.');
  });

  describe.skipIf(!standinAvailable())('with MONGODB_URI (stand-in)', () => {
    let standin: Standin;
    beforeAll(async () => {
      standin = await startStandin();
    }, 300_000);
    afterAll(async () => {
      await standin?.stop();
    });

    it('ensures the indexes and exits 0; an unreachable database exits 1', async () => {
      const ok = migrate({ NETLIFY: 'true', CONTEXT: 'production', MONGODB_URI: standin.uri, MONGODB_DB: 'sg_cli' });
      const count = Object.values(INDEXES).flat().length;
      const collections = Object.keys(INDEXES).length;
      expect(ok.out).toContain(`db:migrate: ${count} indexes ensured on ${collections} collections of sg_cli in `);
      expect(ok.status).toBe(0);
      expect(ok.out).not.toContain(standin.uri);

      const down = migrate({ MONGODB_URI: `mongodb://127.0.0.1:${await freePort()}/?directConnection=true` });
      expect(down.status).toBe(1);
      expect(down.out).toMatch(/db:migrate failed: .*ECONNREFUSED/);
    });
  });
});
