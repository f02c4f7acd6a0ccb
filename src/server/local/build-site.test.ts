import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getStoreConfig } from '../env';
import { openStores } from '../stores';
import { sampleService } from '../../../tests/support/server/samples';
import { projectRoot } from './bare-site.fixtures';
import { createSiteBuilder, DEFAULT_BUILDER_LIMITS } from './build-site';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sg-builder-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const page = (build: string, pathname: string) => readFileSync(path.join(dataDir, 'builds', build, pathname), 'utf8');

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the site builder (one build process kept between builds)', () => {
  it('builds from the content as it is each time, reuses its process, and retires it after its share or a failure', async () => {
    const builder = createSiteBuilder(
      projectRoot,
      { DATA_DIR: dataDir, SITE_URL: 'http://localhost:4999', BUILD_CACHE_DIR: path.join(dataDir, 'cache') },
      { ...DEFAULT_BUILDER_LIMITS, buildsPerProcess: 2 },
    );
    const out = (name: string) => path.join(dataDir, 'builds', name);
    try {
      const empty = await builder.build(out('empty'));
      expect(empty.ok, empty.log).toBe(true);
      expect(empty.phases.map((phase) => phase.name)).toContain('render pages');
      expect(page('empty', 'service/index.html')).toContain('No Services Available');
      const first = builder.processId;
      expect(first).toBeTypeOf('number');

      // A change between builds shows in the next one, built by the same process.
      const stores = await openStores(getStoreConfig({ DATA_DIR: dataDir }));
      await stores.services.create(sampleService(1, { name: 'Moonlit Tarot' }));
      await stores.close();
      const filled = await builder.build(out('filled'), {});
      expect(filled.ok, filled.log).toBe(true);
      expect(page('filled', 'service/index.html')).toContain('Moonlit Tarot');
      expect(page('filled', 'index.html')).toContain('http://localhost:4999/');
      // That was its second build: the process has ended, and the next build starts another.
      expect(builder.processId).toBeUndefined();
      await expect.poll(() => isRunning(first!), { timeout: 10_000 }).toBe(false);

      const flag = path.join(dataDir, 'fail-next-build');
      writeFileSync(flag, '');
      const failed = await builder.build(out('failed'), { failureFlagFile: flag });
      expect(failed.ok).toBe(false);
      expect(failed.log).toContain('Build failure injected');
      expect(failed.log).toMatch(/injected-build-failure|Invalid|error/i);
      expect(existsSync(flag)).toBe(false);
      expect(builder.processId).toBeUndefined();
    } finally {
      await builder.stop();
    }
  }, 180_000);

  it('gives up a build when told to stop, ending its process', async () => {
    const builder = createSiteBuilder(projectRoot, { DATA_DIR: dataDir, SITE_URL: 'http://localhost:4999' });
    const stop = new AbortController();
    const build = builder.build(path.join(dataDir, 'builds', 'stopped'), { signal: stop.signal });
    await expect.poll(() => builder.processId, { timeout: 20_000 }).toBeTypeOf('number');
    const pid = builder.processId!;
    stop.abort();
    const result = await build;
    expect(result.ok).toBe(false);
    await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
    await builder.stop();
  }, 60_000);
});
