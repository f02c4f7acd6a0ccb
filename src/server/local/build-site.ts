import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

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

/**
 * Runs `astro build` in a child process (the build imports the stores itself), writing into `outDir`.
 * The child inherits the environment, plus `extraEnv` (BUILD_CACHE_DIR, DATA_DIR, …) and BUILD_OUT_DIR.
 */
export function buildSite(
  projectRoot: string,
  outDir: string,
  extraEnv: Record<string, string> = {},
  options: BuildSiteOptions = {},
): Promise<BuildResult> {
  const started = Date.now();
  const astro = path.join(projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const injectFailure = options.failureFlagFile ? consumeFlag(options.failureFlagFile) : false;
  return new Promise((resolve) => {
    // The build child needs the same configuration as this process (MONGODB_URI, DATA_DIR, SITE_URL).
    // NODE_ENV is pinned: a server started from a test runner inherits NODE_ENV=test, which would make Vite bundle
    // React's development build into the pages (a different site from the one Netlify builds).
    // eslint-disable-next-line no-restricted-properties
    const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, BUILD_OUT_DIR: outDir, NODE_ENV: 'production' };
    if (injectFailure) env['MONGODB_URI'] = INJECTED_FAILURE_URI;
    // Astro writes its intermediate server chunks to <outDir>/.prerender when the output folder lies inside the
    // working directory, and to <cwd>/.astro/.prerender otherwise, where two builds at once (two servers, two test
    // files) overwrite each other's chunks. So each build runs from the folder that holds its output, with the
    // project named by --root; linkProjectModules lets the chunks' bare imports (react, …) resolve from there.
    const buildsDir = path.dirname(outDir);
    linkProjectModules(projectRoot, buildsDir);
    const child = spawn(process.execPath, [astro, 'build', '--root', projectRoot], {
      cwd: buildsDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const phases: { name: string; startMs: number }[] = [{ name: 'start astro', startMs: 0 }];
    let log = injectFailure ? `[publish] Build failure injected (${options.failureFlagFile}).\n` : '';
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString();
      log += text;
      const at = Date.now() - started;
      for (const marker of PHASE_MARKERS) {
        if (marker.test.test(text) && !phases.some((phase) => phase.name === marker.name)) {
          phases.push({ name: marker.name, startMs: at });
        }
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);

    const onAbort = () => child.kill('SIGTERM');
    options.signal?.addEventListener('abort', onAbort, { once: true });

    let settled = false;
    const finish = (ok: boolean, extra = '') => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      const durationMs = Date.now() - started;
      resolve({ ok, log: log + extra, durationMs, phases: closePhases(phases, durationMs) });
    };
    child.on('close', (code) => finish(code === 0 && !options.signal?.aborted));
    child.on('error', (error) => finish(false, String(error)));
  });
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
