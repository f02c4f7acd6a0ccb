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
  return [...code.matchAll(/import\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]).filter((s): s is string => !!s);
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

interface PageSpec {
  name: string;
  /** Path on the running site. */
  path: string;
  /** The built file under dist/. */
  file: string;
  jsBudgetKb: number;
  /** Lighthouse runs on every public page; the fallback is a transient stand-in, measured for bytes only. */
  lighthouse: boolean;
  /** The not-found page answers 404 and is noindex on purpose, so Lighthouse's SEO score cannot be 100 there. */
  seoBudget: boolean;
  /** Largest contentful paint budget (simulated mobile), ms. */
  lcpBudgetMs: number;
  /** Total transfer budget (every request of the page load), KB; absent where the issue sets none. */
  totalBudgetKb?: number;
}

const KB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** One Lighthouse run of one page, reduced to the figures the budgets are about. */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  jsBytes: number;
  benchmarkIndex: number;
}

type Lhr = {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<
    string,
    | {
        id: string;
        score: number | null;
        scoreDisplayMode?: string;
        displayValue?: string;
        numericValue?: number;
        details?: { items?: { resourceType?: string; transferSize?: number }[] };
      }
    | undefined
  >;
  environment?: { benchmarkIndex?: number };
};

/** Reads the figures out of a Lighthouse result (exported for its unit test). */
export function readLighthouse(lhr: Lhr): LighthouseRun {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits['resource-summary']?.details?.items ?? [];
  const bytesOf = (type: string) => summary.find((row) => row.resourceType === type)?.transferSize ?? 0;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    totalBytes: numeric('total-byte-weight'),
    jsBytes: bytesOf('script'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** Lighthouse, mobile preset (its default: Moto G Power, simulated slow 4G, 4× CPU slowdown), in Debian's Chromium. */
async function runLighthouse(url: string, port: number): Promise<LighthouseRun> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => `${audit?.id} (${audit?.displayValue ?? audit?.score})`);
  if (failing.length > 0 && process.env.BENCH_VERBOSE) console.log(`    ${url}: ${failing.join(', ')}`);
  return readLighthouse(lhr);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** The budgets for one page, as bench figures (median of the runs). */
export function lighthouseFigures(page: PageSpec, runs: LighthouseRun[]): BenchFigure[] {
  const pick = (key: keyof LighthouseRun) => median(runs.map((r) => r[key]));
  const label = `${page.name}:`;
  const perf = pick('performance');
  const a11y = pick('accessibility');
  const bp = pick('best-practices');
  const seo = pick('seo');
  const lcp = Math.round(pick('lcpMs'));
  const tbt = Math.round(pick('tbtMs'));
  const cls = Math.round(pick('cls') * 1000) / 1000;
  const total = KB(pick('totalBytes'));
  const js = KB(pick('jsBytes'));
  const figures: BenchFigure[] = [
    { name: `${label} performance`, value: perf, budget: '= 100', ok: perf === 100 },
    { name: `${label} accessibility`, value: a11y, budget: '= 100', ok: a11y === 100 },
    { name: `${label} best practices`, value: bp, budget: '= 100', ok: bp === 100 },
    page.seoBudget
      ? { name: `${label} SEO`, value: seo, budget: '= 100', ok: seo === 100 }
      : { name: `${label} SEO (noindex by design)`, value: seo },
    { name: `${label} LCP`, value: lcp, unit: 'ms', budget: `≤ ${page.lcpBudgetMs} ms`, ok: lcp <= page.lcpBudgetMs },
    { name: `${label} TBT`, value: tbt, unit: 'ms' },
    { name: `${label} CLS`, value: cls, budget: '≤ 0.01', ok: cls <= 0.01 },
    page.totalBudgetKb === undefined
      ? { name: `${label} total transfer`, value: total, unit: 'KB' }
      : {
          name: `${label} total transfer`,
          value: total,
          unit: 'KB',
          budget: `≤ ${page.totalBudgetKb} KB`,
          ok: total <= page.totalBudgetKb,
        },
    { name: `${label} JS transfer`, value: js, unit: 'KB' },
  ];
  return figures;
}

export async function run(): Promise<BenchFigure[]> {
  // The real thing: `npm start`'s server over a fresh data folder (it seeds the demo content and builds the site).
  const { startServer } = await import('../../tests/e2e/support/server');
  const server = await startServer();
  const figures: BenchFigure[] = [];
  let chrome: { port: number; kill(): void } | undefined;
  try {
    const dist = path.join(server.dataDir, 'site', 'dist');
    const services = (
      (await (await fetch(`${server.url}/api/services`)).json()) as { data: { _id: string; slug?: string }[] }
    ).data;
    // The detail page lives at the service's slug (docs/content-api.md, "Addresses"); its id address redirects.
    const detailId = services[0]?.slug ?? services[0]?._id;
    if (!detailId) throw new Error('The demo content has no service to measure a detail page with');

    const pages: PageSpec[] = [
      {
        name: 'Home',
        path: '/',
        file: 'index.html',
        jsBudgetKb: 105,
        lighthouse: true,
        seoBudget: true,
        lcpBudgetMs: 1800,
        totalBudgetKb: 180,
      },
      {
        name: 'Services list',
        path: '/service',
        file: 'service/index.html',
        jsBudgetKb: 10,
        lighthouse: true,
        seoBudget: true,
        lcpBudgetMs: 1500,
      },
      {
        name: 'Service detail',
        path: `/service/${detailId}`,
        file: `service/${detailId}/index.html`,
        jsBudgetKb: 10,
        lighthouse: true,
        seoBudget: true,
        lcpBudgetMs: 1500,
      },
      {
        name: 'Service detail (fallback)',
        path: '/service/fallback',
        file: 'service/fallback/index.html',
        jsBudgetKb: 10,
        lighthouse: false,
        seoBudget: false,
        lcpBudgetMs: 1500,
      },
      {
        name: 'About',
        path: '/about',
        file: 'about/index.html',
        jsBudgetKb: 10,
        lighthouse: true,
        seoBudget: true,
        lcpBudgetMs: 1500,
      },
      {
        name: 'Contact',
        path: '/contact',
        file: 'contact/index.html',
        jsBudgetKb: 80,
        lighthouse: true,
        seoBudget: true,
        lcpBudgetMs: 1500,
        totalBudgetKb: 120,
      },
      // Lighthouse refuses to score a non-2xx document, so it loads the same file at /404.html (status 200); the
      // e2e tests check that unknown paths are answered with it and status 404.
      {
        name: 'Not found',
        path: '/404.html',
        file: '404.html',
        jsBudgetKb: 10,
        lighthouse: true,
        seoBudget: false,
        lcpBudgetMs: 1500,
      },
    ];

    for (const page of pages) {
      const assets = measurePage(dist, path.join(dist, page.file));
      const js = KB(assets.js);
      figures.push({
        name: `${page.name}: JS gzip`,
        value: js,
        unit: 'KB',
        budget: `≤ ${page.jsBudgetKb} KB`,
        ok: js <= page.jsBudgetKb,
      });
      if (assets.lazyJs > 0) {
        figures.push({ name: `${page.name}: JS loaded on demand, gzip`, value: KB(assets.lazyJs), unit: 'KB' });
      }
      const css = KB(assets.css);
      figures.push({ name: `${page.name}: CSS gzip`, value: css, unit: 'KB', budget: '≤ 20 KB', ok: css <= 20 });
    }

    const chromeLauncher = await import('chrome-launcher');
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    // Median of three by default (the measure); LH_RUNS=1 for a quick look.
    const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
    const indexes: number[] = [];
    // BENCH_PAGES=Home,Contact measures only those pages with Lighthouse (a quick look at one change).
    const only = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
    for (const page of pages.filter((p) => p.lighthouse && (only.length === 0 || only.includes(p.name)))) {
      const results: LighthouseRun[] = [];
      for (let i = 0; i < runs; i += 1) results.push(await runLighthouse(`${server.url}${page.path}`, chrome.port));
      indexes.push(...results.map((r) => r.benchmarkIndex));
      figures.push(...lighthouseFigures(page, results));
    }
    // How fast this machine was while measuring: on a busy machine, compare pages within one run.
    figures.push({
      name: `Lighthouse benchmarkIndex (median; min–max)`,
      value: `${Math.round(median(indexes))} (${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))})`,
    });
    figures.push({ name: 'Lighthouse runs per page (median taken)', value: runs });
  } finally {
    chrome?.kill();
    await server.stop();
  }
  return figures;
}
