// vitest globalSetup for the browser tests: the coordinator of the shared sites (tests/e2e/README.md, "Shared
// sites"). Test files run in child processes, so the sites live here, in the run's main process, behind a loopback
// HTTP endpoint whose address every file gets through `inject('sharedSitesUrl')`. A site starts on the first request
// for it (later requests wait for the same start), and all stop at the end of the run.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { preparePublicFixture } from '../e2e/support/public-fixture';
import { startServer, type RunningServer } from '../e2e/support/server';
import type { SharedSiteKind, SharedSiteReply } from '../e2e/support/shared-sites';

interface Started {
  server: RunningServer;
  reply: Omit<SharedSiteReply, 'output'>;
}

const STARTERS: Record<SharedSiteKind, () => Promise<Started>> = {
  async demo() {
    const server = await startServer();
    return { server, reply: { url: server.url, dataDir: server.dataDir } };
  },
  async public() {
    const fixture = await preparePublicFixture();
    const { server, dataDir, services, banners, ids } = fixture;
    return { server, reply: { url: server.url, dataDir, services, banners, ids } };
  },
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sites = new Map<SharedSiteKind, Promise<Started>>();
  const coordinator = createServer((request, response) => {
    const kind = /^\/sites\/(demo|public)$/.exec(request.url ?? '')?.[1] as SharedSiteKind | undefined;
    if (!kind) {
      response.writeHead(404).end();
      return;
    }
    let site = sites.get(kind);
    if (!site) {
      site = STARTERS[kind]();
      sites.set(kind, site);
    }
    site.then(
      ({ server, reply }) => {
        const body: SharedSiteReply = { ...reply, output: server.output() };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, site: body }));
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: false, error: message }));
      },
    );
  });
  // A file may wait minutes for the first build on a busy machine; the default request timeout would cut it off.
  coordinator.requestTimeout = 0;
  await new Promise<void>((resolve) => coordinator.listen(0, '127.0.0.1', resolve));
  const { port } = coordinator.address() as AddressInfo;
  project.provide('sharedSitesUrl', `http://127.0.0.1:${port}`);

  return async () => {
    coordinator.close();
    coordinator.closeAllConnections();
    const started = await Promise.allSettled([...sites.values()]);
    const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value.server] : []));
    await Promise.all(running.map((server) => server.stop()));
  };
}
