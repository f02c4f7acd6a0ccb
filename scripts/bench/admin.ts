// `npm run bench -- admin`: builds the site into a temporary folder and measures the admin app's initial JavaScript
// (gzip): the island entry and renderer with their static imports, plus the lazy route chunks the first screen
// needs. Two first screens exist: /admin/login (signed out) and /admin/dashboard (signed in, behind the shell).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildSite } from '../../src/server/local/build-site';
import type { BenchFigure } from './types';

export const title = 'Admin portal: initial JS (gzip)';

const BUDGET_KB = 150;
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const gzip = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

/** Static `import … from './x.js'` / `import './x.js'` / `export … from` specifiers of a built chunk. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*${}\s,]+from\s*)?["']([^"']+)["']/g))
    if (m[1]) found.add(m[1]);
  for (const m of code.matchAll(/export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g)) if (m[1]) found.add(m[1]);
  return [...found];
}

const dynamicImports = (code: string): string[] =>
  [...code.matchAll(/import\(\s*[`"']([^`"']+)[`"']\s*\)/g)].map((m) => m[1] ?? '').filter(Boolean);

/** Adds `file` and everything it statically imports to `into`. */
function walk(file: string, into: Set<string>): void {
  if (into.has(file)) return;
  into.add(file);
  const code = readFileSync(file, 'utf8');
  for (const spec of staticImports(code)) {
    if (spec.startsWith('.') || spec.startsWith('/')) walk(path.resolve(path.dirname(file), spec), into);
  }
}

export interface AdminJs {
  entryFiles: Set<string>;
  /** Inline scripts in the page (Astro's island loader). */
  inlineBytes: number;
  /** Every chunk reachable only through import(), by file. */
  lazyChunks: string[];
}

export function adminEntry(distDir: string): AdminJs {
  const html = readFileSync(path.join(distDir, 'admin', 'index.html'), 'utf8');
  const entryFiles = new Set<string>();
  for (const m of html.matchAll(/\s(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) {
    if (m[1]) walk(path.join(distDir, m[1]), entryFiles);
  }
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) if (m[1]) walk(path.join(distDir, m[1]), entryFiles);
  let inlineBytes = 0;
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1]?.trim()) inlineBytes += gzip(m[1]);
  }
  const lazy = new Set<string>();
  for (const file of entryFiles) {
    for (const spec of dynamicImports(readFileSync(file, 'utf8'))) lazy.add(path.resolve(path.dirname(file), spec));
  }
  return { entryFiles, inlineBytes, lazyChunks: [...lazy] };
}

/** gzip bytes of the entry plus the named lazy route chunks and their static imports. */
export function initialBytes(js: AdminJs, routeChunkNames: string[]): { bytes: number; files: string[] } {
  const files = new Set(js.entryFiles);
  for (const name of routeChunkNames) {
    const chunk = js.lazyChunks.find((file) => path.basename(file).startsWith(`${name}.`));
    if (!chunk) throw new Error(`No lazy chunk named ${name} in the admin build`);
    walk(chunk, files);
  }
  let bytes = js.inlineBytes;
  for (const file of files) bytes += gzip(readFileSync(file));
  return { bytes, files: [...files].map((file) => path.basename(file)).sort() };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function run(): Promise<BenchFigure[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'sg-bench-admin-'));
  try {
    const dist = path.join(work, 'dist');
    const result = await buildSite(projectRoot, dist, {
      DATA_DIR: path.join(work, 'data'),
      BUILD_CACHE_DIR: path.join(work, 'cache'),
    });
    if (!result.ok || !existsSync(path.join(dist, 'admin', 'index.html'))) {
      throw new Error(`The build failed:\n${result.log}`);
    }
    const js = adminEntry(dist);
    const login = initialBytes(js, ['LoginPage']);
    const dashboard = initialBytes(js, ['AdminShell', 'DashboardPage']);
    const allJs = readdirSync(path.join(dist, '_astro'))
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzip(readFileSync(path.join(dist, '_astro', file))), 0);
    const figures: BenchFigure[] = [
      {
        name: '/admin/login: entry + login route',
        value: kb(login.bytes),
        unit: 'KB',
        budget: `≤ ${BUDGET_KB} KB`,
        ok: kb(login.bytes) <= BUDGET_KB,
      },
      {
        name: '/admin/dashboard: entry + shell + dashboard route',
        value: kb(dashboard.bytes),
        unit: 'KB',
        budget: `≤ ${BUDGET_KB} KB`,
        ok: kb(dashboard.bytes) <= BUDGET_KB,
      },
      { name: 'Lazy route chunks', value: js.lazyChunks.length },
      { name: 'All JS in the build (site + admin, for scale)', value: kb(allJs), unit: 'KB' },
    ];
    return figures;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
