// The sites that browser files which only read can share (tests/e2e/README.md, "Shared sites"). The vitest run's
// main process owns them (tests/setup/shared-sites.ts): it starts one on the first file's request and stops it after
// the last file, so a run that needs none starts none, and a file run alone starts its own on demand.
import { inject } from 'vitest';
import type { PublicFixture } from './public-fixture';
import type { RunningServer } from './server';

/** The kinds of shared site: `npm start` on its demo content, or the public-page fixture (support/public-fixture.ts). */
export type SharedSiteKind = 'demo' | 'public';

/** What the coordinator hands a file: the server's address and data folder, and the fixture's content. */
export type SharedSiteReply = { url: string; dataDir: string; output: string } & Partial<
  Pick<PublicFixture, 'services' | 'banners' | 'ids'>
>;

declare module 'vitest' {
  export interface ProvidedContext {
    sharedSitesUrl: string;
  }
}

/** Asks the run's coordinator for the shared site of `kind`, waiting while the first request builds it. */
export async function requestSharedSite(kind: SharedSiteKind): Promise<SharedSiteReply> {
  const response = await fetch(`${inject('sharedSitesUrl')}/sites/${kind}`);
  const reply = (await response.json()) as { ok: true; site: SharedSiteReply } | { ok: false; error: string };
  if (!reply.ok) throw new Error(`The shared ${kind} site did not start:\n${reply.error}`);
  return reply.site;
}

/**
 * The shared server as a RunningServer for the file's helpers. `stop()` does nothing: the coordinator stops it after
 * the run. `output()` is what the server had printed when the file asked for it.
 */
export function sharedServer(site: SharedSiteReply): RunningServer {
  return {
    url: site.url,
    dataDir: site.dataDir,
    output: () => site.output,
    stop: () => Promise.resolve(),
  };
}

/** The demo site (`npm start` on an empty data folder: seeded, built, serving), shared by the files that only read. */
export async function useSharedDemoSite(): Promise<RunningServer> {
  return sharedServer(await requestSharedSite('demo'));
}
