// The shared sites' coordinator (tests/e2e/README.md, "Shared sites"): a loopback HTTP endpoint in the vitest run's
// main process. `GET /sites/<kind>` starts that kind of site on its first request, makes later requests wait for the
// same start, and answers every one with the site's address (or why it did not start); `stop()` stops every site
// it started. tests/setup/shared-sites.ts runs it with the real sites.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningServer } from '../e2e/support/server';
import type { SharedSiteKind, SharedSiteReply } from '../e2e/support/shared-sites';

/** A started site: the server to stop at the end, and what files are told about it (its log is added per request). */
export interface StartedSite {
  server: RunningServer;
  reply: Omit<SharedSiteReply, 'output'>;
}

export type SiteStarters = Record<SharedSiteKind, () => Promise<StartedSite>>;

export interface Coordinator {
  url: string;
  stop(): Promise<void>;
}

export async function startCoordinator(starters: SiteStarters): Promise<Coordinator> {
  const sites = new Map<SharedSiteKind, Promise<StartedSite>>();
  const coordinator = createServer((request, response) => {
    const kind = /^\/sites\/([a-z]+)$/.exec(request.url ?? '')?.[1];
    if (!kind || !Object.hasOwn(starters, kind)) {
      response.writeHead(404).end();
      return;
    }
    let site = sites.get(kind as SharedSiteKind);
    if (!site) {
      site = starters[kind as SharedSiteKind]();
      sites.set(kind as SharedSiteKind, site);
    }
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    site.then(
      ({ server, reply }) => send(200, { ok: true, site: { ...reply, output: server.output() } }),
      (error: unknown) => send(500, { ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  // A file may wait minutes for the first build on a busy machine; the default request timeout would cut it off.
  coordinator.requestTimeout = 0;
  await new Promise<void>((resolve) => coordinator.listen(0, '127.0.0.1', resolve));
  const { port } = coordinator.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      coordinator.close();
      coordinator.closeAllConnections();
      const started = await Promise.allSettled([...sites.values()]);
      const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value.server] : []));
      await Promise.all(running.map((server) => server.stop()));
    },
  };
}
