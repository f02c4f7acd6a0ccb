import { spawn } from 'node:child_process';
import path from 'node:path';

export interface BuildResult {
  ok: boolean;
  /** Combined stdout and stderr of `astro build`. */
  log: string;
  durationMs: number;
}

/**
 * Runs `astro build` in a child process (the build imports the stores itself), writing into `outDir`.
 * The child inherits the environment, plus BUILD_OUT_DIR.
 */
export function buildSite(
  projectRoot: string,
  outDir: string,
  extraEnv: Record<string, string> = {},
): Promise<BuildResult> {
  const started = Date.now();
  const astro = path.join(projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [astro, 'build', '--silent'], {
      cwd: projectRoot,
      // The build child needs the same configuration as this process (MONGODB_URI, DATA_DIR, SITE_URL).
      // eslint-disable-next-line no-restricted-properties
      env: { ...process.env, ...extraEnv, BUILD_OUT_DIR: outDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.on('close', (code) => resolve({ ok: code === 0, log, durationMs: Date.now() - started }));
    child.on('error', (error) => resolve({ ok: false, log: log + String(error), durationMs: Date.now() - started }));
  });
}
