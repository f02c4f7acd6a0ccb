// A local server over a hand-made site root (netlify.toml and a few pages) for the local server's own tests.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from '../app';
import { freePort } from '../../../tests/support/free-port';
import { startLocalServer, type LocalServer } from './server';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A running local server and a way to stop it and remove its folder. */
export interface BareSite {
  server: LocalServer;
  close(): Promise<void>;
}

/** Starts the local server in front of `app`, serving `pages` (file name → HTML) with the project's netlify.toml. */
export async function startBareSite(app: App, pages: Record<string, string>): Promise<BareSite> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-local-site-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(dist);
  copyFileSync(path.join(projectRoot, 'netlify.toml'), path.join(dir, 'netlify.toml'));
  for (const [name, html] of Object.entries(pages)) writeFileSync(path.join(dist, name), html);
  const server = await startLocalServer({
    siteRoot: dir,
    distDir: dist,
    port: await freePort(),
    host: '127.0.0.1',
    app,
  });
  return {
    server,
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
