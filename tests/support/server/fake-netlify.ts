import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BuildInfo } from '../../../src/shared/schemas/publish';

export interface HookCall {
  method: string;
  /** The `trigger_title` query parameter, as Netlify reads it. */
  title: string | null;
  body: string;
}

/**
 * Stands in for Netlify on loopback: a build hook endpoint that records every call (answering `hookStatus`), and the
 * deployed site's /build-info.json (`live`, or 404 while null).
 */
export interface FakeNetlify {
  hookUrl: string;
  siteUrl: string;
  calls: HookCall[];
  hookStatus: number;
  live: BuildInfo | null;
  close(): Promise<void>;
}

/** The secret-looking part of the hook URL; tests check it never leaks into replies. */
export const HOOK_ID = '5f0c0ffee0ddba11c0ffee00';

export async function startFakeNetlify(): Promise<FakeNetlify> {
  const fake: Omit<FakeNetlify, 'hookUrl' | 'siteUrl' | 'close'> = { calls: [], hookStatus: 200, live: null };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (url.pathname === `/build_hooks/${HOOK_ID}`) {
        fake.calls.push({ method: req.method ?? '', title: url.searchParams.get('trigger_title'), body });
        res.writeHead(fake.hookStatus, { 'content-type': 'text/plain' });
        res.end(fake.hookStatus < 400 ? '' : 'Internal Server Error');
        return;
      }
      if (url.pathname === '/build-info.json' && fake.live) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(fake.live));
        return;
      }
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    hookUrl: `${origin}/build_hooks/${HOOK_ID}`,
    siteUrl: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
