import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BuildResult } from './build-site';
import { currentBuild, type SiteRoot } from './site-root';
import { recordContentChange } from '../domain/content-changes';
import { createEmbeddedStores } from '../stores/embedded';
import type { Stores } from '../stores/types';
import { LocalBuildPublisher } from './publisher';
import { readRecord } from '../publish/record';
import { readPublishStatus } from '../publish/status';
import { CONTENT_VERSION_KEY } from '../stores/content-version';

/** A build we control: it starts when asked, reads the content version at its start, and ends when released. */
interface FakeBuild {
  outDir: string;
  /** The content version this build read when it started (what it "bakes in"). */
  version: number;
  finish(ok?: boolean): void;
}

function makeSite(root: string): SiteRoot {
  const buildsDir = path.join(root, 'builds');
  mkdirSync(buildsDir, { recursive: true });
  return { root, distLink: path.join(root, 'dist'), buildsDir };
}

function readLiveVersion(site: SiteRoot): number | null {
  const file = path.join(site.distLink, 'index.html');
  return existsSync(file) ? Number(readFileSync(file, 'utf8')) : null;
}

describe('LocalBuildPublisher', () => {
  let root: string;
  let site: SiteRoot;
  let stores: Stores;
  let builds: FakeBuild[];
  let waiters: ((build: FakeBuild) => void)[];
  let publisher: LocalBuildPublisher;
  let lines: string[];

  /** Resolves with the n-th build (0-based) once it has started. */
  function nthBuild(n: number): Promise<FakeBuild> {
    const existing = builds[n];
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve) => waiters.push((build) => builds.length === n + 1 && resolve(build)));
  }

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'sg-publish-'));
    site = makeSite(root);
    stores = createEmbeddedStores(':memory:');
    builds = [];
    waiters = [];
    lines = [];
    publisher = new LocalBuildPublisher({
      meta: stores.meta,
      site,
      log: (line) => lines.push(line),
      build: async (outDir) => {
        const version = (await stores.meta.get<number>(CONTENT_VERSION_KEY)) ?? 0;
        return new Promise<BuildResult>((resolve) => {
          const build: FakeBuild = {
            outDir,
            version,
            finish(ok = true) {
              if (ok) {
                mkdirSync(outDir, { recursive: true });
                writeFileSync(path.join(outDir, 'index.html'), String(version));
                writeFileSync(
                  path.join(outDir, 'build-info.json'),
                  JSON.stringify({ contentVersion: version, builtAt: new Date().toISOString() }),
                );
              } else {
                // A real failed build may leave half-written output behind.
                mkdirSync(outDir, { recursive: true });
                writeFileSync(path.join(outDir, 'index.html'), 'half');
              }
              resolve({
                ok,
                log: ok ? 'built' : 'error: The database is unreachable',
                durationMs: 5,
                phases: [],
              });
            },
          };
          builds.push(build);
          for (const waiter of waiters) waiter(build);
        });
      },
    });
  });

  afterEach(async () => {
    for (const build of builds) build.finish();
    await publisher.stop();
    await stores.close();
    rmSync(root, { recursive: true, force: true });
  });

  const change = (title: string) =>
    recordContentChange({ stores, publisher }, { kind: 'service', action: 'created', title });

  it('builds into a fresh folder, swaps it in, and reports publishing then up to date', async () => {
    await change('Tarot Reading');
    const status = await readPublishStatus({ stores, publisher });
    expect(status).toMatchObject({ mode: 'local', state: 'publishing', contentVersion: 1, builtVersion: null });
    expect(status.publishingSince).not.toBeNull();

    const first = await nthBuild(0);
    expect(currentBuild(site)).toBeNull();
    first.finish();
    await publisher.whenIdle();

    expect(currentBuild(site)).toBe(first.outDir);
    expect(readLiveVersion(site)).toBe(1);
    const after = await readPublishStatus({ stores, publisher });
    expect(after).toMatchObject({ state: 'up-to-date', contentVersion: 1, builtVersion: 1, publishingSince: null });
    expect(after.lastTitle).toBe('Service created: Tarot Reading');
    expect(after.finishedAt).not.toBeNull();
    expect(lines.join('\n')).toContain('Building the site: Service created: Tarot Reading');
  });

  it('coalesces a burst: 10 changes during a build make exactly one more build, with all of them', async () => {
    await change('Change 1');
    const first = await nthBuild(0);
    for (let i = 2; i <= 10; i += 1) await change(`Change ${i}`);
    expect(builds).toHaveLength(1);
    first.finish();

    const second = await nthBuild(1);
    // The queued build reads the content when it starts: all 10 changes.
    expect(second.version).toBe(10);
    // While the second build runs the status stays 'publishing', even though the first one finished.
    expect((await readPublishStatus({ stores, publisher })).state).toBe('publishing');
    second.finish();
    await publisher.whenIdle();

    expect(builds).toHaveLength(2);
    expect((await readRecord(stores.meta)).buildCount).toBe(2);
    expect(readLiveVersion(site)).toBe(10);
    expect(await readPublishStatus({ stores, publisher })).toMatchObject({ state: 'up-to-date', builtVersion: 10 });
    expect(lines.join('\n')).toContain('Service created: Change 10 (and 8 more)');
  });

  it('keeps the previous site live and the log when a build fails, then recovers on the next change', async () => {
    await change('First');
    (await nthBuild(0)).finish();
    await publisher.whenIdle();
    const good = currentBuild(site);

    await change('Second');
    const failing = await nthBuild(1);
    failing.finish(false);
    await publisher.whenIdle();

    expect(currentBuild(site)).toBe(good);
    expect(readLiveVersion(site)).toBe(1);
    // The half-written folder is gone; the log stays.
    expect(existsSync(failing.outDir)).toBe(false);
    const logs = readdirSync(path.join(root, 'logs'));
    const failedLog = logs.find((name) => name.endsWith('-failed.log'));
    expect(failedLog).toBeDefined();
    expect(readFileSync(path.join(root, 'logs', failedLog ?? ''), 'utf8')).toContain('database is unreachable');

    const failed = await readPublishStatus({ stores, publisher });
    expect(failed).toMatchObject({ state: 'failed', contentVersion: 2, builtVersion: 1 });
    expect(failed.lastError).toContain('The site build failed: error: The database is unreachable.');
    expect(failed.lastError).toContain(path.join(root, 'logs'));

    await change('Third');
    expect((await readPublishStatus({ stores, publisher })).state).toBe('publishing');
    (await nthBuild(2)).finish();
    await publisher.whenIdle();
    expect(readLiveVersion(site)).toBe(3);
    expect((await readPublishStatus({ stores, publisher })).state).toBe('up-to-date');
  });

  it('keeps only the live build and the one before it', async () => {
    for (let n = 0; n < 3; n += 1) {
      await change(`Change ${n}`);
      (await nthBuild(n)).finish();
      await publisher.whenIdle();
    }
    const [, second, third] = builds;
    expect(readdirSync(site.buildsDir).sort()).toEqual(
      [path.basename(second?.outDir ?? ''), path.basename(third?.outDir ?? '')].sort(),
    );
    expect(currentBuild(site)).toBe(third?.outDir);
  });

  it('treats a build without build-info.json as failed and does not swap it in', async () => {
    const bare = new LocalBuildPublisher({
      meta: stores.meta,
      site,
      log: () => {},
      build: async (outDir) => {
        mkdirSync(outDir, { recursive: true });
        writeFileSync(path.join(outDir, 'index.html'), 'no info');
        return { ok: true, log: 'ok', durationMs: 1, phases: [] };
      },
    });
    await bare.contentChanged({ kind: 'manual', title: 'Publish now', version: 0 });
    await bare.whenIdle();
    expect(currentBuild(site)).toBeNull();
    expect((await readRecord(stores.meta)).lastError).toContain('no valid build-info.json');
  });

  it('survives an error outside the build (the swap) and records it', async () => {
    // A file where the `dist` link must go makes the atomic rename fail.
    mkdirSync(site.distLink);
    writeFileSync(path.join(site.distLink, 'blocker'), '');
    await change('First');
    (await nthBuild(0)).finish();
    await publisher.whenIdle();
    const record = await readRecord(stores.meta);
    expect(record.state).toBe('failed');
    expect(record.lastError).toMatch(/^Publishing failed: /);
    expect(lines.join('\n')).toContain('[publish] Publishing failed');
  });

  it('stop() aborts the running build and ignores later requests', async () => {
    let aborted = false;
    const stoppable = new LocalBuildPublisher({
      meta: stores.meta,
      site,
      log: () => {},
      build: (_outDir, signal) =>
        new Promise((resolve) => {
          started();
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve({ ok: false, log: 'killed', durationMs: 1, phases: [] });
          });
        }),
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await stoppable.contentChanged({ kind: 'manual', title: 'Publish now', version: 0 });
    await running;
    await stoppable.stop();
    expect(aborted).toBe(true);
    expect(await readRecord(stores.meta)).toMatchObject({ state: 'failed' });
    expect((await readRecord(stores.meta)).lastError).toContain('The server stopped before the build finished');
    await stoppable.contentChanged({ kind: 'manual', title: 'Publish now', version: 0 });
    await stoppable.whenIdle();
    expect((await readRecord(stores.meta)).buildCount).toBe(1);
  });
});
