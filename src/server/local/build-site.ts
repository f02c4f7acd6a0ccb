import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { BuildReply, BuildRequest } from './build-site-protocol';

/** One step of `astro build`, timed from the moment the child was spawned. */
export interface BuildPhase {
  name: string;
  /** Milliseconds since the build started at which this phase began. */
  startMs: number;
  durationMs: number;
}

export interface BuildResult {
  ok: boolean;
  /** Combined stdout and stderr of `astro build`. */
  log: string;
  durationMs: number;
  /** Where the time went (for the publishing bench); empty when the output did not show the phases. */
  phases: BuildPhase[];
}

export interface BuildSiteOptions {
  /** Stops the build (the server is shutting down): the child is killed and the result is a failure. */
  signal?: AbortSignal;
  /**
   * Fault injection for tests, honoured only outside production (the caller decides): when this file exists, it is
   * removed and the build runs with an unusable database address, so it fails the way a database outage would.
   */
  failureFlagFile?: string | null;
}

/**
 * Lines of astro's own output that open a phase. Astro prints them as it goes, so the time each one arrives is the
 * time the phase began; the child's exit closes the last one.
 */
const PHASE_MARKERS: { name: string; test: RegExp }[] = [
  { name: 'collect build info', test: /Collecting build info/ },
  { name: 'bundle (vite)', test: /Building static entrypoints/ },
  { name: 'render pages', test: /generating static routes/ },
  { name: 'optimize images', test: /generating optimized images/ },
  { name: 'finish', test: /\d+ page\(s\) built in/ },
];

const INJECTED_FAILURE_URI = 'injected-build-failure://the-database-is-unreachable';

/** When a build process is retired: memory it cannot give back grows with every build it runs. */
export interface BuilderLimits {
  /** Builds one process runs before a fresh one takes over (each keeps its pages' modules loaded). */
  buildsPerProcess: number;
  /** A process whose memory has grown past this ends after its build. */
  maxRssBytes: number;
  /** A process idle this long ends, so a quiet `npm start` holds no build memory. */
  idleMs: number;
}

// Measured: about 0.8 GB after the first build, then some 0.1 GB more per build.
export const DEFAULT_BUILDER_LIMITS: BuilderLimits = { buildsPerProcess: 6, maxRssBytes: 1.5e9, idleMs: 120_000 };

/** Builds the site on request, in one long-lived child process (docs/publishing.md, "Local builds"). */
export interface SiteBuilder {
  build(outDir: string, options?: BuildSiteOptions): Promise<BuildResult>;
  /** The build process's id while one is running (tests check that builds share it). */
  readonly processId: number | undefined;
  stop(): Promise<void>;
}

interface BuildProcess {
  child: ChildProcess;
  builds: number;
  ready: Promise<void>;
}

/**
 * A builder for one server: `astro build` runs in a child process that stays up between builds, so only the first
 * build pays for starting Node and loading Astro and Vite (measured here: a build in a fresh process 4.4 s of CPU,
 * a later one in the same process 1.6 s). The child inherits the environment, plus `extraEnv` (BUILD_CACHE_DIR,
 * DATA_DIR, …) and BUILD_OUT_DIR.
 */
export function createSiteBuilder(
  projectRoot: string,
  extraEnv: Record<string, string> = {},
  limits: BuilderLimits = DEFAULT_BUILDER_LIMITS,
): SiteBuilder {
  let current: BuildProcess | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let queue: Promise<unknown> = Promise.resolve();

  const retire = (proc: BuildProcess | null) => {
    if (!proc) return;
    if (current === proc) current = null;
    const running = () => proc.child.exitCode === null && proc.child.signalCode === null;
    if (!running()) return;
    proc.child.kill('SIGTERM');
    // A build stopped halfway may have handlers that keep the process up; it must not outlive its server.
    setTimeout(() => running() && proc.child.kill('SIGKILL'), 3_000).unref();
  };

  const start = (env: NodeJS.ProcessEnv): BuildProcess => {
    const worker = path.join(projectRoot, 'src', 'server', 'local', 'build-site-worker.mjs');
    const child = spawn(process.execPath, [worker], {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const proc: BuildProcess = {
      child,
      builds: 0,
      ready: new Promise((resolve, reject) => {
        const onMessage = (message: BuildReply) => {
          if (message.type !== 'ready') return;
          child.off('message', onMessage);
          resolve();
        };
        child.on('message', onMessage);
        child.once('exit', (code, signal) =>
          reject(new Error(`The build process ended before it was ready (${code ?? signal}).`)),
        );
        child.once('error', reject);
      }),
    };
    proc.ready.catch(() => undefined);
    child.once('exit', () => {
      if (current === proc) current = null;
    });
    // Anything printed outside a build (a warning while loading) is not lost, but belongs to no build's log.
    child.stdout?.resume();
    child.stderr?.resume();
    return proc;
  };

  const runOne = async (outDir: string, options: BuildSiteOptions): Promise<BuildResult> => {
    const started = Date.now();
    clearTimeout(idleTimer);
    const injectFailure = options.failureFlagFile ? consumeFlag(options.failureFlagFile) : false;
    // NODE_ENV is pinned: a server started from a test runner inherits NODE_ENV=test, which would make Vite bundle
    // React's development build into the pages (a different site from the one Netlify builds).
    // eslint-disable-next-line no-restricted-properties
    const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, BUILD_OUT_DIR: outDir, NODE_ENV: 'production' };
    if (injectFailure) env['MONGODB_URI'] = INJECTED_FAILURE_URI;
    // Astro writes its intermediate server chunks to <outDir>/.prerender when the output folder lies inside the
    // working directory, and to <cwd>/.astro/.prerender otherwise, where two builds at once (two servers, two test
    // files) overwrite each other's chunks. So each build runs from the folder that holds its output, with the
    // project named as the root; linkProjectModules lets the chunks' bare imports (react, …) resolve from there.
    const buildsDir = path.dirname(outDir);
    linkProjectModules(projectRoot, buildsDir);

    const phases: { name: string; startMs: number }[] = [{ name: 'start astro', startMs: 0 }];
    let log = injectFailure ? `[publish] Build failure injected (${options.failureFlagFile}).\n` : '';
    const onOutput = (text: string) => {
      log += text;
      const at = Date.now() - started;
      for (const marker of PHASE_MARKERS) {
        if (marker.test.test(text) && !phases.some((phase) => phase.name === marker.name)) {
          phases.push({ name: marker.name, startMs: at });
        }
      }
    };
    const result = (ok: boolean, extra = ''): BuildResult => {
      const durationMs = Date.now() - started;
      return { ok, log: log + extra, durationMs, phases: closePhases(phases, durationMs) };
    };
    if (options.signal?.aborted) return result(false, 'The build was stopped before it began.\n');

    const proc = current ?? (current = start(env));
    // Stopping ends the process, whether it is still loading or already building.
    const onAbort = () => retire(proc);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await proc.ready;
    } catch (error) {
      options.signal?.removeEventListener('abort', onAbort);
      retire(proc);
      return result(false, String(error));
    }
    const id = nextId++;
    const done = await new Promise<{ ok: boolean; rssBytes?: number; extra?: string }>((resolve) => {
      const onMessage = (message: BuildReply) => {
        if (message.type === 'output' && message.id === id) onOutput(message.text);
        if (message.type === 'done' && message.id === id) finish({ ok: message.ok, rssBytes: message.rssBytes });
      };
      const onExit = (code: number | null, signal: string | null) =>
        finish({ ok: false, extra: `\nThe build process ended during the build (${code ?? signal}).\n` });
      const finish = (outcome: { ok: boolean; rssBytes?: number; extra?: string }) => {
        proc.child.off('message', onMessage);
        proc.child.off('exit', onExit);
        resolve(outcome);
      };
      proc.child.on('message', onMessage);
      proc.child.once('exit', onExit);
      if (options.signal?.aborted) return finish({ ok: false, extra: 'The build was stopped.\n' });
      const request: BuildRequest = { type: 'build', id, root: projectRoot, cwd: buildsDir, env: definedOnly(env) };
      proc.child.send(request);
    });
    options.signal?.removeEventListener('abort', onAbort);
    proc.builds += 1;
    const spent = proc.builds >= limits.buildsPerProcess || (done.rssBytes ?? 0) > limits.maxRssBytes;
    if (!done.ok || options.signal?.aborted || spent) retire(proc);
    else if (current === proc) {
      idleTimer = setTimeout(() => retire(proc), limits.idleMs);
      idleTimer.unref();
    }
    return result(done.ok && !options.signal?.aborted, done.extra ?? '');
  };

  return {
    build(outDir, options = {}) {
      // One build at a time per builder; the publisher already waits, this keeps the process's state simple.
      const next = queue.then(() => runOne(outDir, options));
      queue = next.catch(() => undefined);
      return next;
    },
    get processId() {
      return current?.child.pid;
    },
    async stop() {
      clearTimeout(idleTimer);
      const proc = current;
      if (!proc) return;
      const exited = new Promise((resolve) => proc.child.once('exit', resolve));
      retire(proc);
      await exited;
    },
  };
}

/** Builds once in a process of its own (the bench); a server keeps one builder instead. */
export async function buildSite(
  projectRoot: string,
  outDir: string,
  extraEnv: Record<string, string> = {},
  options: BuildSiteOptions = {},
): Promise<BuildResult> {
  const builder = createSiteBuilder(projectRoot, extraEnv, { ...DEFAULT_BUILDER_LIMITS, buildsPerProcess: 1 });
  try {
    return await builder.build(outDir, options);
  } finally {
    await builder.stop();
  }
}

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function closePhases(opened: { name: string; startMs: number }[], totalMs: number): BuildPhase[] {
  const sorted = [...opened].sort((a, b) => a.startMs - b.startMs);
  return sorted.map((phase, index) => {
    const end = sorted[index + 1]?.startMs ?? totalMs;
    return { ...phase, durationMs: end - phase.startMs };
  });
}

/** `<buildsDir>/node_modules` → the project's node_modules, so Node resolves packages for chunks built there. */
function linkProjectModules(projectRoot: string, buildsDir: string): void {
  const link = path.join(buildsDir, 'node_modules');
  if (existsSync(link)) return;
  mkdirSync(buildsDir, { recursive: true });
  symlinkSync(path.join(projectRoot, 'node_modules'), link, 'dir');
}

function consumeFlag(file: string): boolean {
  if (!existsSync(file)) return false;
  rmSync(file, { force: true });
  return true;
}
