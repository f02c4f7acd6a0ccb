import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipFunction } from '@netlify/zip-it-and-ship-it';
import { afterAll, describe, expect, it } from 'vitest';

// The bookings' scheduled function as Netlify's build reads it (the same library bundles it): a schedule of its own,
// every five minutes (docs/bookings.md, "Mails and reminders").
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const out = mkdtempSync(path.join(tmpdir(), 'sg-bookings-function-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('netlify/functions/bookings-scheduled.mts', () => {
  it('bundles and runs every five minutes', async () => {
    const name = 'bookings-scheduled.mts';
    const result = await zipFunction(path.join(projectRoot, 'netlify/functions', name), path.join(out, name), {
      basePath: projectRoot,
      repositoryRoot: projectRoot,
      config: { '*': { nodeBundler: 'esbuild', externalNodeModules: ['mongodb'] } },
      archiveFormat: 'zip',
    });
    expect(result?.schedule).toBe('*/5 * * * *');
    expect(result?.runtimeAPIVersion).toBe(2);
  }, 120_000);
});
