import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipFunction } from '@netlify/zip-it-and-ship-it';
import { afterAll, describe, expect, it } from 'vitest';

// What Netlify reads from the two functions' `config`, through the library its build uses to bundle them:
// the one-minute schedule of the publisher (docs/publishing.md) and preferStatic on the API's /media route.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const out = mkdtempSync(path.join(tmpdir(), 'sg-functions-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function bundle(name: string) {
  const result = await zipFunction(path.join(projectRoot, 'netlify/functions', name), path.join(out, name), {
    basePath: projectRoot,
    repositoryRoot: projectRoot,
    config: { '*': { nodeBundler: 'esbuild', externalNodeModules: ['mongodb'] } },
    archiveFormat: 'zip',
  });
  if (!result) throw new Error(`${name} was not bundled`);
  return result;
}

describe('netlify/functions as Netlify reads them', () => {
  it('runs the scheduled publisher every minute', async () => {
    const scheduled = await bundle('publish-scheduled.mts');
    expect(scheduled.schedule).toBe('* * * * *');
    expect(scheduled.runtimeAPIVersion).toBe(2);
  }, 120_000);

  it('lets files in the publish folder win over the API function for /media (preferStatic)', async () => {
    const api = await bundle('api.mts');
    const media = api.routes?.find((route) => route.pattern === '/media/*');
    expect(media).toMatchObject({ prefer_static: true });
  }, 120_000);
});
