// The shared sites' coordinator (tests/setup/shared-sites-coordinator.ts) over real HTTP, with sites that only
// record what happens to them: one start per kind however many files ask at once, nothing started that nobody asked
// for, a failed start told to every file that waits for it, and every started site stopped at the end.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../e2e/support/server';
import { startCoordinator, type Coordinator, type SiteStarters, type StartedSite } from './shared-sites-coordinator';

let coordinator: Coordinator | undefined;
afterEach(async () => {
  await coordinator?.stop();
  coordinator = undefined;
});

interface Recorder {
  starts: string[];
  stops: string[];
  starters: SiteStarters;
}

/** Sites that take `ms` to start and remember their starts and stops; `fail` makes that kind's start fail. */
function recorder(ms: number, fail?: keyof SiteStarters): Recorder {
  const starts: string[] = [];
  const stops: string[] = [];
  const start = (kind: keyof SiteStarters) => async (): Promise<StartedSite> => {
    starts.push(kind);
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (kind === fail) throw new Error(`The ${kind} build failed`);
    const server: RunningServer = {
      url: `http://localhost/${kind}`,
      dataDir: `/tmp/${kind}`,
      output: () => `${kind} log`,
      stop: () => Promise.resolve(void stops.push(kind)),
    };
    return { server, reply: { url: server.url, dataDir: server.dataDir } };
  };
  return { starts, stops, starters: { demo: start('demo'), public: start('public') } };
}

async function ask(kind: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${coordinator!.url}/sites/${kind}`);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

describe('the shared sites coordinator', () => {
  it('starts a kind once for all the files that ask at once, with its address and log', async () => {
    const sites = recorder(300);
    coordinator = await startCoordinator(sites.starters);
    const replies = await Promise.all([ask('demo'), ask('demo'), ask('demo')]);
    expect(sites.starts).toEqual(['demo']);
    for (const reply of replies) {
      expect(reply).toEqual({
        status: 200,
        body: { ok: true, site: { url: 'http://localhost/demo', dataDir: '/tmp/demo', output: 'demo log' } },
      });
    }
    // A later file gets the running one.
    expect((await ask('demo')).status).toBe(200);
    expect(sites.starts).toEqual(['demo']);
  });

  it('starts nothing nobody asks for, and stops what it started, once', async () => {
    const sites = recorder(10);
    coordinator = await startCoordinator(sites.starters);
    expect((await ask('public')).status).toBe(200);
    expect((await ask('nothing-like-this')).status).toBe(404);
    await coordinator.stop();
    coordinator = undefined;
    expect(sites.starts).toEqual(['public']);
    expect(sites.stops).toEqual(['public']);
  });

  it('tells every waiting file why a site did not start', async () => {
    const sites = recorder(200, 'demo');
    coordinator = await startCoordinator(sites.starters);
    const replies = await Promise.all([ask('demo'), ask('demo')]);
    for (const reply of replies) {
      expect(reply).toEqual({ status: 500, body: { ok: false, error: 'The demo build failed' } });
    }
    expect(sites.starts).toEqual(['demo']);
    await coordinator.stop();
    coordinator = undefined;
    expect(sites.stops).toEqual([]);
  });
});
