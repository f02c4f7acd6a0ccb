import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server';
import { bundleLocalServer, projectRoot, SERVER_BUNDLE_VARIABLE } from '../support/local-server-bundle';

describe("the browser tests' bundle of the local server", () => {
  let bundle: { file: string; folder: string };
  let server: RunningServer | undefined;

  beforeAll(async () => {
    bundle = await bundleLocalServer();
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(bundle.folder, { recursive: true, force: true });
    delete process.env[SERVER_BUNDLE_VARIABLE];
  });

  it("keeps each module's own source address, so serve.ts still finds the project", () => {
    const text = readFileSync(bundle.file, 'utf8');
    expect(text).not.toContain('import.meta.url');
    for (const source of ['scripts/serve.ts', 'src/server/demo/art.ts']) {
      expect(text).toContain(JSON.stringify(pathToFileURL(path.join(projectRoot, source)).href));
    }
    expect(path.relative(path.join(projectRoot, 'node_modules'), bundle.folder)).not.toMatch(/^\.\./);
  });

  it('starts the server: seeds, answers the API and serves media', async () => {
    process.env[SERVER_BUNDLE_VARIABLE] = bundle.file;
    server = await startServer({ args: ['--no-build'] });
    expect(server.command?.[0]).toBe(bundle.file);
    const services = (await (await fetch(`${server.url}/api/services`)).json()) as { data: { image: string }[] };
    expect(services.data.length).toBeGreaterThan(0);
    const media = await fetch(`${server.url}${services.data[0]!.image}`);
    expect(media.status).toBe(200);
    expect(server.output()).toContain('Seeded demo content');
  }, 60_000);
});
