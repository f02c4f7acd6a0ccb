// The fixture of the browser files that read the site `npm start` builds from its demo content and change nothing
// (content, settings, accounts): the run's one shared demo server (support/shared-sites.ts, started on the first
// file's request) and one Chromium per test file. Call `const demo = setupDemoSite()` once at the file's top level;
// demo.server and demo.browser are live once its beforeAll has run. A file that changes anything starts its own
// server with startServer() instead (tests/e2e/README.md, "Shared sites").
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import type { RunningServer } from './server';
import { useSharedDemoSite } from './shared-sites';

export interface DemoSite {
  server: RunningServer;
  browser: Browser;
}

export function setupDemoSite(): DemoSite {
  const demo = {} as DemoSite;
  beforeAll(async () => {
    // Both at once: Chromium starts while the shared server seeds and builds (or is already up).
    [demo.server, demo.browser] = await Promise.all([useSharedDemoSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await demo.browser?.close();
  });
  return demo;
}
