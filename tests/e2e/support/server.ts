import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../support/free-port';
import { SERVER_BUNDLE_VARIABLE } from '../../support/local-server-bundle';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The arguments node was started with (the bundle, or tsx and scripts/serve.ts), when this process started it. */
  command?: string[];
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  args?: string[];
  dataDir?: string;
  /**
   * `npm-start`: through tsx, exactly as `npm start` runs scripts/serve.ts. Otherwise the run's bundle of the same
   * server when there is one (tests/support/local-server-bundle.ts: half the CPU per start), else the same as npm start.
   */
  runner?: 'npm-start';
}

/** The command that starts scripts/serve.ts: node with the run's bundle, or node with tsx as `npm start` does. */
function serverCommand(runner: StartOptions['runner']): string[] {
  const bundle = process.env[SERVER_BUNDLE_VARIABLE];
  if (runner !== 'npm-start' && bundle && existsSync(bundle)) return [bundle];
  return [path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/serve.ts'];
}

/**
 * Starts `npm start`'s server (scripts/serve.ts) as a child process with its own data folder and port, as a newcomer
 * runs it: seed on first start, build, serve. Resolves once the port answers.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'sg-e2e-'));
  const command = [...serverCommand(options.runner), ...(options.args ?? [])];
  const child: ChildProcess = spawn(process.execPath, command, {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: `http://localhost:${port}`,
      // Publish every change at once, as before the debounce; tests of the debounce pass their own quiet period.
      PUBLISH_QUIET_SECONDS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/services`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    dataDir,
    command,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
