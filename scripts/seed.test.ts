// `npm run seed` as a developer runs it: a child process on the project's Node 22, with its own data folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedStores } from '../src/server/stores/embedded';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsxCli = path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const dataDir = mkdtempSync(path.join(tmpdir(), 'sg-seed-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function seed(args: string[] = [], env: Record<string, string> = {}) {
  const { MONGODB_URI: _ignored, ...base } = process.env;
  const result = spawnSync(process.execPath, [tsxCli, 'scripts/seed.ts', ...args], {
    cwd: projectRoot,
    env: { ...base, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

async function storedServices() {
  const stores = createEmbeddedStores(path.join(dataDir, 'content.db'));
  try {
    return await stores.services.list({ activeOnly: false });
  } finally {
    await stores.close();
  }
}

/** Media keys stored in the local Blobs sandbox under the data folder's site root. */
function blobKeys(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else found.push(entry.name);
    }
  };
  const root = path.join(dataDir, 'site', '.netlify');
  if (existsSync(root)) walk(root);
  return found;
}

describe('npm run seed', () => {
  it('seeds an empty data folder once, with its pictures in Blobs, and starts over with --reset', async () => {
    const first = seed();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/Seeded \d+ services and \d+ banners/);
    const services = await storedServices();
    expect(services.length).toBeGreaterThanOrEqual(8);
    const keys = blobKeys();
    for (const service of services) expect(keys).toContain(service.image.replace('/media/', ''));

    const again = seed();
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/nothing seeded/);
    expect(await storedServices()).toHaveLength(services.length);

    // Leave traces a reset must remove, and the secret it must keep.
    const secret = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');
    mkdirSync(path.join(dataDir, 'outbox'), { recursive: true });
    writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'old');
    mkdirSync(path.join(dataDir, 'site', 'builds', 'old'), { recursive: true });
    const stores = createEmbeddedStores(path.join(dataDir, 'content.db'));
    await stores.services.delete(services[0]?._id ?? '');
    await stores.close();

    const reset = seed(['--reset']);
    expect(reset.code, reset.output).toBe(0);
    expect(reset.output).toMatch(/Wiped the content/);
    expect(existsSync(path.join(dataDir, 'outbox'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'site', 'builds', 'old'))).toBe(false);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
    const reseeded = await storedServices();
    expect(reseeded.map((s) => s.name)).toEqual(services.map((s) => s.name));
    // The pictures are generated deterministically: the same keys come back.
    expect(reseeded.map((s) => s.image)).toEqual(services.map((s) => s.image));
  }, 240_000);

  it('refuses to run in production', () => {
    const result = seed([], { CONTEXT: 'production', JWT_SECRET: 'a-production-secret-that-is-long-enough-123' });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Refusing to seed: this is a production environment/);
  });
});
