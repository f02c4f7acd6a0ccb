// The API function as Netlify ships it: bundled by @netlify/zip-it-and-ship-it (the library `netlify build` uses) with
// the settings netlify.toml declares, then loaded from a read-only folder in a child process that sees only what a
// deployed function sees (SITE_ID, URL… but no CONTEXT, no NETLIFY; a read-only cwd and HOME). Used by the production
// dry-run test (tests/e2e/function-bundle.test.ts) and `npm run bench -- function`.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipFunction } from '@netlify/zip-it-and-ship-it';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** netlify.toml's [functions] settings, as `netlify build` passes them to zip-it-and-ship-it. */
const FUNCTIONS_CONFIG = { '*': { nodeBundler: 'esbuild' as const, externalNodeModules: ['mongodb'] } };

export interface FunctionBundle {
  /** The unpacked function folder (read-only once `freeze` ran). */
  dir: string;
  /** The bundled user module inside it, whose default export is the v2 handler. */
  module: string;
  /** Bytes of the deployable zip (as Netlify uploads it). */
  zipBytes: number;
  /** Bytes of the unpacked folder. */
  unpackedBytes: number;
  bundleMs: number;
  /** chmod -R a-w; a non-root child then cannot write anywhere in it. */
  freeze(): void;
  remove(): void;
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}

function chmodTree(dir: string, mode: (isDir: boolean) => number): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chmodTree(full, mode);
    else if (entry.isFile()) chmodSync(full, mode(false));
  }
  chmodSync(dir, mode(true));
}

export async function bundleFunction(): Promise<FunctionBundle> {
  const root = mkdtempSync(path.join(tmpdir(), 'sg-function-'));
  chmodSync(root, 0o755);
  const source = path.join(projectRoot, 'netlify/functions/api.mts');
  const options = { basePath: projectRoot, repositoryRoot: projectRoot, config: FUNCTIONS_CONFIG };
  const started = Date.now();
  // The same bundle twice: as the zip Netlify uploads (for its size), and unpacked (to run it without an unzip tool).
  const zipDir = path.join(root, 'zip');
  const unpackedDir = path.join(root, 'unpacked');
  mkdirSync(zipDir);
  mkdirSync(unpackedDir);
  const zipped = await zipFunction(source, zipDir, { ...options, archiveFormat: 'zip' });
  const bundleMs = Date.now() - started;
  const unpacked = await zipFunction(source, unpackedDir, { ...options, archiveFormat: 'none' });
  if (!zipped || !unpacked) throw new Error('zip-it-and-ship-it produced no function');
  const dir = unpacked.path;
  return {
    dir,
    module: path.join(dir, 'netlify/functions/api.mjs'),
    zipBytes: statSync(zipped.path).size,
    unpackedBytes: folderBytes(dir),
    bundleMs,
    freeze: () => chmodTree(root, (isDir) => (isDir ? 0o555 : 0o444)),
    remove() {
      chmodTree(root, (isDir) => (isDir ? 0o755 : 0o644));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * A minimal host for the bundled handler: plain HTTP in, `Request` to the function's default export with a context
 * like Netlify's (`ip`), `Response` out. It also reports how long the import and the first request took.
 */
const HOST_SOURCE = `
import http from 'node:http';
import { pathToFileURL } from 'node:url';
const importStarted = performance.now();
const { default: handler } = await import(pathToFileURL(process.argv[2]).href);
const importMs = performance.now() - importStarted;
let first = true;
const server = http.createServer(async (req, res) => {
  const started = performance.now();
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request('http://localhost' + req.url, {
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]])),
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
  // Netlify hands every function its deploy context on the Context argument (never as a variable).
  const deploy = process.argv[3] ? { deploy: { context: process.argv[3], id: 'dry-run-deploy', published: false } } : {};
  const response = await handler(request, { ip: '127.0.0.1', requestId: 'dry-run', ...deploy });
  const body = Buffer.from(await response.arrayBuffer());
  if (first) {
    first = false;
    console.log('timing import ' + importMs.toFixed(1) + ' first-request ' + (performance.now() - started).toFixed(1));
  }
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('host ready ' + server.address().port));
`;

export interface RunningFunction {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the bundled function in a child process with exactly `env` (plus PATH), cwd and HOME read-only. */
export async function startBundledFunction(
  bundle: FunctionBundle,
  env: Record<string, string>,
  /** The deploy context the host hands the handler (context.deploy.context), e.g. 'deploy-preview'; none by default. */
  deployContext?: string,
): Promise<RunningFunction> {
  const hostDir = mkdtempSync(path.join(tmpdir(), 'sg-function-host-'));
  chmodSync(hostDir, 0o755);
  const host = path.join(hostDir, 'host.mjs');
  writeFileSync(host, HOST_SOURCE, { mode: 0o444 });
  const home = path.join(hostDir, 'home');
  mkdirSync(home, { mode: 0o555 });
  // As root, permission bits do not stop writes: run the child as `nobody` so the read-only folders really are.
  const asNobody = typeof process.getuid === 'function' && process.getuid() === 0 ? { uid: 65534, gid: 65534 } : {};
  const child: ChildProcess = spawn(
    process.execPath,
    [host, bundle.module, ...(deployContext ? [deployContext] : [])],
    {
      cwd: bundle.dir,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...asNobody,
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The bundled function did not start:\n${output}`)), 60_000);
    const check = () => {
      const match = /host ready (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The bundled function exited (${String(code)}):\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      chmodSync(home, 0o755);
      rmSync(hostDir, { recursive: true, force: true });
    },
  };
}
