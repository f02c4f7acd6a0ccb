// The MongoDB wire-protocol stand-in (../shared/tools/mongo-standin, beside the repository, as CI has it): started
// on a free loopback port for the tests that prove the MongoDB path, stopped (and started again) at will.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

export { freePort };

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where CI keeps the stand-in: a sibling of the repository. */
export const STANDIN_RUN = path.resolve(projectRoot, '../shared/tools/mongo-standin/run');

/** The one line printed when the MongoDB tests cannot run (tests/setup/mongo-standin.ts prints it once). */
export const STANDIN_MISSING_LINE =
  'MongoDB tests skipped: MONGODB_URI is not set and no stand-in at ../shared/tools/mongo-standin/run';

/** A real MongoDB the tests should use instead of the stand-in (MONGODB_URI), if one is set. */
export function externalMongoUri(): string | undefined {
  return process.env['MONGODB_URI'] || undefined;
}

export function standinAvailable(): boolean {
  return existsSync(STANDIN_RUN);
}

export interface Standin {
  uri: string;
  port: number;
  /** Stops the server (SIGTERM); its data is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port (an outage that ends). */
  start(): Promise<void>;
}

/** Resolves once the stand-in prints "listening PORT" (the first use runs `npm ci` in its folder: allow minutes). */
function launch(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [STANDIN_RUN, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The MongoDB stand-in did not start within 300 s:\n${output}`));
    }, 300_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`listening ${port}`)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The MongoDB stand-in exited (${String(code)}):\n${output}`));
    });
  });
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killed = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))]);
  if (!killed) {
    child.kill('SIGKILL');
    await exited;
  }
}

export async function startStandin(port?: number): Promise<Standin> {
  const chosen = port ?? (await freePort());
  let child: ChildProcess | undefined = await launch(chosen);
  return {
    uri: `mongodb://127.0.0.1:${chosen}/?directConnection=true`,
    port: chosen,
    async stop() {
      if (child) await terminate(child);
      child = undefined;
    },
    async start() {
      if (child) return;
      child = await launch(chosen);
    },
  };
}
