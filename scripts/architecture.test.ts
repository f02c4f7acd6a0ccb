// The rooms of the house (README, "How it works", and docs/decisions/): the rules a newcomer relies on when reading
// the tree, checked so a move that breaks one fails here rather than in a review.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderGraph } from './import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inside = (folder: string, room: string) => folder === room || folder.startsWith(`${room}${path.sep}`);

describe('the rooms of the source tree', () => {
  it('the server never imports the public site: the build reads raw content, the pages derive their view', () => {
    const graph = folderGraph(root, ['src/server']);
    const arrows = [...graph].flatMap(([from, to]) =>
      [...to]
        .filter((target) => ['src/components', 'src/pages', 'src/layouts'].some((room) => inside(target, room)))
        .map((target) => `${from} → ${target}`),
    );
    expect(graph.size).toBeGreaterThan(10);
    expect(arrows).toEqual([]);
  });

  it('signing in lives in one room: src/server/auth, with no auth rules left in src/server/domain', () => {
    const domain = readdirSync(path.join(root, 'src/server/domain'));
    expect(domain.length).toBeGreaterThan(5);
    expect(domain.filter((name) => /^(auth|passkey)/.test(name))).toEqual([]);
    expect(readdirSync(path.join(root, 'src/server/auth'))).toContain('admin-account.ts');
  });

  it('each store backend’s index only assembles the stores (under 150 lines)', () => {
    for (const backend of ['embedded', 'mongo']) {
      const lines = readFileSync(path.join(root, 'src/server/stores', backend, 'index.ts'), 'utf8').split('\n').length;
      expect.soft(lines, `${backend}/index.ts`).toBeLessThan(150);
    }
  });

  it('the admin root holds at most six loose modules; the rest live in api/, hooks/, forms/ and the features', () => {
    const loose = readdirSync(path.join(root, 'src/admin'), { withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => entry.name);
    expect(loose.length, loose.join(', ')).toBeLessThanOrEqual(6);
  });
});
