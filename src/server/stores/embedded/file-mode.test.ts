import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbeddedStores } from './index';

// Issue 11 item 7: the embedded database holds the admin's password hash and visitors' messages: owner-only files.

const mode = (file: string) => statSync(file).mode & 0o777;

describe('embedded database file mode', () => {
  it('creates content.db and its WAL and SHM files readable by the owner only', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sg-mode-')), 'data', 'content.db');
    const stores = createEmbeddedStores(file);
    await stores.rateLimits.hit('mode-test', 60_000);
    for (const suffix of ['', '-wal', '-shm']) {
      expect(existsSync(file + suffix), suffix).toBe(true);
      expect(mode(file + suffix).toString(8), `content.db${suffix}`).toBe('600');
    }
    await stores.close();
  });

  it('tightens a database file an older version left world-readable', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sg-mode-'));
    const file = path.join(dir, 'content.db');
    writeFileSync(file, '', { mode: 0o644 });
    expect(mode(file).toString(8)).toBe('644');
    const stores = createEmbeddedStores(file);
    await stores.rateLimits.hit('mode-test', 60_000);
    expect(mode(file).toString(8)).toBe('600');
    await stores.close();
  });
});
