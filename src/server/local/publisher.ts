import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildInfoSchema, type BuildInfo } from '../../shared/schemas/publish';
import type { BuildResult } from './build-site';
import { activateBuild, newBuildDir, pruneBuilds, type SiteRoot } from './site-root';
import type { MetaStore } from '../stores/types';
import { requested, updateRecord } from '../publish/record';
import { buildTitle, type Publisher, type PublishRequest } from '../publish/types';

export interface LocalBuildPublisherOptions {
  meta: MetaStore;
  site: SiteRoot;
  /** Builds the whole site into `outDir` (normally `buildSite`; tests inject their own). */
  build: (outDir: string, signal: AbortSignal) => Promise<BuildResult>;
  now?: () => Date;
  /** Progress lines ("[publish] …"); the local server prints them. */
  log?: (line: string) => void;
  /** Build logs kept in <site>/logs (newest first). */
  keepLogs?: number;
}

const STOPPED = 'The server stopped before the build finished. Publish now to rebuild the site.';

/** What one finished local build did. */
export interface LocalBuildOutcome {
  ok: boolean;
  title: string;
  durationMs: number;
  /** The content version now live (unchanged when the build failed). */
  liveVersion: number | null;
  logFile: string;
  result: BuildResult;
}

/**
 * Local publishing: `astro build` into a fresh folder, then an atomic symlink swap (site-root.ts), so a visitor sees
 * the old site or the new one, never a half-written folder.
 *
 * Bursts coalesce: while a build runs, every new request joins one queued build, which starts when the running one
 * ends and reads the content as it is then, so it includes all of them. A failed build leaves the previous site live
 * and keeps its log in <site>/logs.
 */
export class LocalBuildPublisher implements Publisher {
  readonly mode = 'local' as const;
  /** Requests waiting for the next build (all served by that one build). */
  private waiting: PublishRequest[] = [];
  private busy = false;
  private idleWaiters: (() => void)[] = [];
  private readonly controller = new AbortController();
  private readonly listeners = new Set<(outcome: LocalBuildOutcome) => void>();
  private readonly now: () => Date;
  private readonly log: (line: string) => void;

  constructor(private readonly options: LocalBuildPublisherOptions) {
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? ((line) => console.log(line));
  }

  async contentChanged(request: PublishRequest): Promise<void> {
    if (this.controller.signal.aborted) return;
    // Enqueue the record update before the request: the build loop's own updates then come after it, so a finishing
    // build sees this request waiting and leaves the state at 'publishing'.
    const marked = updateRecord(this.options.meta, (record) =>
      requested(record, { mode: 'local', version: request.version, title: buildTitle(request), at: this.now() }),
    );
    this.waiting.push(request);
    this.kick();
    try {
      await marked;
    } catch (error) {
      this.log(`[publish] could not record the request: ${messageOf(error)}`);
    }
  }

  /** The live site's /build-info.json (the `dist` symlink's target), or null before the first build. */
  async liveBuild(): Promise<BuildInfo | null> {
    return readBuildInfo(this.options.site.distLink);
  }

  /** Resolves once no build runs and none is queued. */
  whenIdle(): Promise<void> {
    if (!this.busy && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Called after every build (the bench and the server's log use it). Returns an unsubscribe function. */
  onBuild(listener: (outcome: LocalBuildOutcome) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops a running build and refuses new ones (server shutdown). */
  async stop(): Promise<void> {
    this.controller.abort();
    this.waiting = [];
    await this.whenIdle();
    // No build survives this process: say so, rather than 'publishing' forever after a restart with --no-build.
    await this.safely(() =>
      updateRecord(this.options.meta, (record) =>
        record.state === 'publishing'
          ? {
              ...record,
              state: 'failed',
              lastError: STOPPED,
              publishingSince: null,
            }
          : record,
      ),
    );
  }

  private kick(): void {
    if (this.busy) return;
    this.busy = true;
    void (async () => {
      try {
        while (this.waiting.length > 0 && !this.controller.signal.aborted) {
          const batch = this.waiting.splice(0);
          try {
            await this.buildOnce(batch);
          } catch (error) {
            // The swap or the file system failed outside the build itself: record it, keep the loop (and the server)
            // alive for the next request.
            const message = `Publishing failed: ${messageOf(error)}`;
            this.log(`[publish] ${message}`);
            await this.safely(() =>
              updateRecord(this.options.meta, (record) => ({
                ...record,
                state: 'failed',
                lastError: message,
                finishedAt: this.now().toISOString(),
                publishingSince: null,
              })),
            );
          }
        }
      } finally {
        // Synchronous with the loop's last check: a request pushed after it finds `busy` false and starts a loop.
        this.busy = false;
        if (this.controller.signal.aborted) this.waiting = [];
        for (const resolve of this.idleWaiters.splice(0)) resolve();
      }
    })();
  }

  private async buildOnce(batch: PublishRequest[]): Promise<void> {
    const { meta, site } = this.options;
    const last = batch[batch.length - 1];
    if (!last) return;
    const title = batch.length > 1 ? `${buildTitle(last)} (and ${batch.length - 1} more)` : buildTitle(last);
    const startedAt = this.now();
    await this.safely(() =>
      updateRecord(meta, (record) => ({
        ...record,
        mode: 'local',
        state: 'publishing',
        startedAt: startedAt.toISOString(),
        publishingSince: record.publishingSince ?? startedAt.toISOString(),
        buildCount: record.buildCount + 1,
      })),
    );
    this.log(`[publish] Building the site: ${title}`);

    const outDir = newBuildDir(site);
    let result: BuildResult;
    try {
      result = await this.options.build(outDir, this.controller.signal);
    } catch (error) {
      result = { ok: false, log: messageOf(error), durationMs: Date.now() - startedAt.getTime(), phases: [] };
    }
    const logFile = this.writeLog(startedAt, result);

    let liveVersion: number | null = null;
    let failure: string | null = null;
    if (this.controller.signal.aborted) {
      failure = STOPPED;
    } else if (!result.ok) {
      failure = `The site build failed: ${firstErrorLine(result.log)} Full log: ${logFile}`;
    } else {
      const info = await readBuildInfo(outDir);
      if (!info) failure = `The build wrote no valid build-info.json. Full log: ${logFile}`;
      else {
        activateBuild(site, outDir);
        liveVersion = info.contentVersion;
      }
    }

    const finishedAt = this.now().toISOString();
    if (failure) {
      rmSync(outDir, { recursive: true, force: true });
      await this.safely(() =>
        updateRecord(meta, (record) => ({
          ...record,
          state: 'failed',
          lastError: failure,
          finishedAt,
          lastBuildMs: result.durationMs,
          publishingSince: null,
        })),
      );
      this.log(
        `[publish] Build failed after ${seconds(result.durationMs)}; the previous site stays live. Log: ${logFile}`,
      );
    } else {
      await this.safely(() =>
        updateRecord(meta, (record) => {
          // A request that arrived during this build is already waiting for the next one.
          const more = this.waiting.length > 0;
          return {
            ...record,
            state: more ? 'publishing' : 'idle',
            finishedAt,
            lastBuildMs: result.durationMs,
            publishingSince: more ? record.publishingSince : null,
          };
        }),
      );
      this.log(`[publish] Live: content version ${liveVersion}, built in ${seconds(result.durationMs)}.`);
      await pruneBuilds(site).catch((error: unknown) =>
        this.log(`[publish] could not remove old builds: ${messageOf(error)}`),
      );
    }

    const outcome: LocalBuildOutcome = {
      ok: !failure,
      title,
      durationMs: result.durationMs,
      liveVersion,
      logFile,
      result,
    };
    for (const listener of this.listeners) listener(outcome);
  }

  private writeLog(startedAt: Date, result: BuildResult): string {
    const dir = path.join(this.options.site.root, 'logs');
    mkdirSync(dir, { recursive: true });
    const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
    const file = path.join(dir, `build-${stamp}-${result.ok ? 'ok' : 'failed'}.log`);
    writeFileSync(file, result.log);
    const keep = this.options.keepLogs ?? 20;
    const logs = readdirSync(dir)
      .filter((name) => name.startsWith('build-'))
      .sort()
      .reverse();
    for (const name of logs.slice(keep)) rmSync(path.join(dir, name), { force: true });
    return file;
  }

  /** The store may be briefly unreachable; publishing must go on and say so rather than stop the loop. */
  private async safely(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.log(`[publish] could not record the publish state: ${messageOf(error)}`);
    }
  }
}

/** Reads `<dir>/build-info.json`; null when missing or malformed. */
export async function readBuildInfo(dir: string): Promise<BuildInfo | null> {
  const file = path.join(dir, 'build-info.json');
  if (!existsSync(file)) return null;
  try {
    const parsed = BuildInfoSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The line of a build log most likely to say what went wrong, kept short for the status. */
export function firstErrorLine(log: string): string {
  const lines = log
    .split('\n')
    // Strip terminal colour codes: astro colours its output even when piped in some environments.
    // eslint-disable-next-line no-control-regex
    .map((line) => line.replace(/\u001b\[[0-9;]*m/g, '').trim())
    .filter(Boolean);
  const line = lines.find((l) => /error|failed|cannot|invalid/i.test(l)) ?? lines[lines.length - 1] ?? 'no output';
  const short = line.length > 240 ? `${line.slice(0, 239)}…` : line;
  return /[.!?…]$/.test(short) ? short : `${short}.`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
