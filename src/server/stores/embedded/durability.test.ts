// The embedded store under real processes: a writer killed with SIGKILL mid-stream loses no acknowledged write and
// leaves a sound file; a reader (as the site build is) reads while a writer writes, and neither fails nor waits.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { StoredBannerSchema } from '../../../shared/schemas/banner';
import { ServiceSchema } from '../../../shared/schemas/service';
import { readSiteContent } from '../../content/site-content';
import { createEmbeddedStores } from './index';
import { openDatabase } from './database';
import { CONTENT_VERSION_KEY } from '../content-version';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '../../../..');
const tsxLoader = pathToFileURL(path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const writerScript = path.join(projectRoot, 'tests', 'support', 'server', 'writer.ts');

const tempRoot = mkdtempSync(path.join(tmpdir(), 'sg-durability-'));
afterAll(() => rmSync(tempRoot, { recursive: true, force: true }));

interface Ack {
  kind: 'service' | 'update' | 'banner';
  id: string;
  /** The write's number: an updated service's description starts with it. */
  n: number;
  ms: number;
}

interface Writer {
  child: ChildProcess;
  acks: Ack[];
  /** The writer's own slowest write, from its last line (only when it finished by itself). */
  maxMs(): number | null;
  waitForAcks(count: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

/**
 * Runs the writer on the project's Node 22 (vitest's own process.execPath) with tsx as a loader in the same process.
 * tsx's command line would start the script in a child process of its own, and a SIGKILL to the parent would leave
 * that child writing on as an orphan: the test would then not kill the writer at all.
 */
function startWriter(file: string, writes: number): Writer {
  const child = spawn(process.execPath, ['--import', tsxLoader, writerScript, file, String(writes)], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acks: Ack[] = [];
  let pending = '';
  let errors = '';
  let done: number | null = null;
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const [word, kind, id, n, ms] = line.split(' ');
      if (word === 'ack' && (kind === 'service' || kind === 'update' || kind === 'banner') && id) {
        acks.push({ kind, id, n: Number(n), ms: Number(ms) });
      } else if (word === 'done') {
        done = Number(kind);
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    acks,
    maxMs: () => done,
    stderr: () => errors,
    exited,
    async waitForAcks(count) {
      const deadline = Date.now() + 30_000;
      while (acks.length < count) {
        if (child.exitCode !== null) throw new Error(`The writer exited early:\n${errors}`);
        if (Date.now() > deadline) throw new Error(`Only ${acks.length} acks in 30 s:\n${errors}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

describe('embedded store durability', () => {
  it('keeps every acknowledged write when the writing process is killed with SIGKILL, and stays sound', async () => {
    const file = path.join(tempRoot, 'killed', 'content.db');
    const acknowledged: Ack[] = [];
    // Three rounds on one file: each restart also has to recover whatever the previous kill left in the WAL.
    for (const stopAfter of [60, 150, 90]) {
      const writer = startWriter(file, 100_000);
      await writer.waitForAcks(stopAfter);
      writer.child.kill('SIGKILL');
      const { signal } = await writer.exited;
      expect(signal).toBe('SIGKILL');
      // Everything printed before the kill counts, including lines that arrived while it died.
      acknowledged.push(...writer.acks);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    console.log(`durability: ${acknowledged.length} acknowledged writes over 3 killed runs`);

    const db = openDatabase(file);
    try {
      expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      db.close();
    }

    const stores = createEmbeddedStores(file);
    try {
      const lastUpdate = new Map<string, number>();
      for (const ack of acknowledged) {
        if (ack.kind === 'banner') {
          const banner = await stores.banners.get(ack.id);
          expect(banner, `banner ${ack.id}`).not.toBeNull();
          StoredBannerSchema.parse(banner);
          continue;
        }
        lastUpdate.set(ack.id, Math.max(lastUpdate.get(ack.id) ?? 0, ack.n));
      }
      for (const [id, n] of lastUpdate) {
        const service = ServiceSchema.parse(await stores.services.get(id));
        // The stored version is the last acknowledged one or a later (unacknowledged but committed) one.
        expect(Number(service.description.split(' ')[0])).toBeGreaterThanOrEqual(n);
      }
      // Every acknowledged write also raised the content version in the same step.
      expect(await stores.meta.get<number>(CONTENT_VERSION_KEY)).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await stores.close();
    }
  }, 90_000);
});

describe('embedded store concurrency', () => {
  it('lets a build-like reader read while another process writes; nobody fails, waits long or sees half a document', async () => {
    const file = path.join(tempRoot, 'shared', 'content.db');
    const writes = 800;
    const writer = startWriter(file, writes);
    await writer.waitForAcks(1);

    const reads: { ms: number; services: number }[] = [];
    let stores = createEmbeddedStores(file);
    try {
      for (let round = 0; writer.child.exitCode === null; round += 1) {
        // Like `astro build`, open the file afresh now and then: opening must not wait for the writer either.
        if (round % 10 === 9) {
          await stores.close();
          stores = createEmbeddedStores(file);
        }
        const started = performance.now();
        const content = await readSiteContent(stores);
        const ms = performance.now() - started;
        for (const service of content.services) {
          // Whole documents only: every one parses, validates, and carries its number in front of the long text.
          expect(ServiceSchema.safeParse(service).success).toBe(true);
          expect(service.description).toMatch(/^\d+ A quiet room/);
        }
        for (const banner of content.banners) expect(StoredBannerSchema.safeParse(banner).success).toBe(true);
        reads.push({ ms, services: content.services.length });
        // Let the writer's output be drained, so a full pipe never stalls it.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      await stores.close();
    }

    const { code } = await writer.exited;
    expect(code, writer.stderr()).toBe(0);
    expect(writer.acks).toHaveLength(writes);

    // The reads overlapped the writes: some saw a part of the services, and counts never went backwards.
    const counts = reads.map((r) => r.services);
    const finalCount = writer.acks.filter((a) => a.kind === 'service').length;
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(counts.some((c) => c > 0 && c < finalCount)).toBe(true);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));

    // Bounded: far below SQLite's 5 s busy timeout, which a blocked reader or writer would run into.
    const slowestRead = Math.max(...reads.map((r) => r.ms));
    const slowestWrite = writer.maxMs();
    console.log(
      `concurrency: ${reads.length} reads during ${writes} writes; slowest read ${slowestRead.toFixed(1)} ms, slowest write ${slowestWrite?.toFixed(1)} ms`,
    );
    expect(slowestRead).toBeLessThan(2_500);
    expect(slowestWrite).not.toBeNull();
    expect(slowestWrite ?? Infinity).toBeLessThan(2_500);
  }, 90_000);
});
