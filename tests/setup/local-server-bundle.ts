// vitest globalSetup for the browser tests: bundles the local server once per run (tests/support/local-server-bundle.ts)
// and names the file in the environment, which the test files' processes and the shared sites' coordinator inherit.
import { rmSync } from 'node:fs';
import { bundleLocalServer, SERVER_BUNDLE_VARIABLE } from '../support/local-server-bundle';

export default async function setup(): Promise<() => void> {
  const { file, folder } = await bundleLocalServer();
  process.env[SERVER_BUNDLE_VARIABLE] = file;
  return () => rmSync(folder, { recursive: true, force: true });
}
