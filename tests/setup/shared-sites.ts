// vitest globalSetup for the browser tests: the coordinator of the shared sites (tests/e2e/README.md, "Shared
// sites"). Test files run in child processes, so the sites live here, in the run's main process, behind a loopback
// HTTP endpoint whose address every file gets through `inject('sharedSitesUrl')`. A site starts on the first request
// for it (later requests wait for the same start), and all stop at the end of the run.
import type { TestProject } from 'vitest/node';
import { preparePublicFixture } from '../e2e/support/public-fixture';
import { startServer } from '../e2e/support/server';
import { startCoordinator } from './shared-sites-coordinator';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const coordinator = await startCoordinator({
    async demo() {
      const server = await startServer();
      return { server, reply: { url: server.url, dataDir: server.dataDir } };
    },
    async public() {
      const { server, dataDir, services, banners, ids } = await preparePublicFixture();
      return { server, reply: { url: server.url, dataDir, services, banners, ids } };
    },
  });
  project.provide('sharedSitesUrl', coordinator.url);
  return () => coordinator.stop();
}
