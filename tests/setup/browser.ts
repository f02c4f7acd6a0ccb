// vitest globalSetup for the browser tests: picks the Chromium once (Debian's, CHROMIUM_PATH, or the packaged one
// unpacked to /tmp), says which in one line, and hands the path to every test file (launchBrowser reads it), so
// parallel files never unpack it at the same time.
import type { TestProject } from 'vitest/node';
import { resolveChromium } from '../../scripts/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const { path, line } = await resolveChromium();
  console.log(line);
  project.provide('chromiumPath', path);
}
