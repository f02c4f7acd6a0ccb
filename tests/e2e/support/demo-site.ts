// The fixture of the browser files that read the site `npm start` builds from its demo content and change nothing:
// one server (seeded, built, serving) and one Chromium per test file. Call `const demo = setupDemoSite()` once at the
// file's top level; demo.server and demo.browser are live once its beforeAll has run.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export interface DemoSite {
  server: RunningServer;
  browser: Browser;
}

export function setupDemoSite(): DemoSite {
  const demo = {} as DemoSite;
  beforeAll(async () => {
    // Both at once: Chromium starts while the server seeds and builds.
    [demo.server, demo.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await demo.browser?.close();
    await demo.server?.stop();
  });
  return demo;
}
