// The browser tests' local server as one JavaScript file (tests/e2e/README.md, "Pace"). `npm start` runs
// scripts/serve.ts through tsx, whose loader transforms and resolves every module at each start: measured here, a
// start took 2.7 s of CPU that way and 1.4 s from this bundle, and the browser tests start some forty servers per run.
// The bundle is the same source compiled by esbuild, as the Netlify function is; foundation.test.ts still starts the
// server exactly as `npm start` does.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the run's bundle is: set by the browser tests' global setup, read by `startServer` (support/server.ts). */
export const SERVER_BUNDLE_VARIABLE = 'SG_E2E_SERVER_BUNDLE';

/**
 * Each module keeps the address of its own source file in `import.meta.url` (serve.ts finds the project from it, the
 * demo art its cache folder), instead of the bundle's.
 */
const keepSourceUrls: Plugin = {
  name: 'keep-source-urls',
  setup(bundle) {
    bundle.onLoad({ filter: /\.(ts|tsx)$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * Bundles scripts/serve.ts and the project's own modules into `<a new folder>/serve.mjs` and returns that file. The
 * folder lies inside the project's node_modules/.cache, so the packages (left outside the bundle) resolve as before;
 * every run gets its own folder, so two runs at once never overwrite each other's bundle.
 */
export async function bundleLocalServer(): Promise<{ file: string; folder: string }> {
  const cache = path.join(projectRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const folder = mkdtempSync(path.join(cache, 'e2e-server-'));
  const file = path.join(folder, 'serve.mjs');
  await build({
    entryPoints: [path.join(projectRoot, 'scripts', 'serve.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    plugins: [keepSourceUrls],
    logLevel: 'warning',
  });
  return { file, folder };
}
