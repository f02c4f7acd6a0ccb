// The rooms of the house (README, "How it works", and docs/decisions/): the rules a newcomer relies on when reading
// the tree, checked so a move that breaks one fails here rather than in a review.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderGraph } from './import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inside = (folder: string, room: string) => folder === room || folder.startsWith(`${room}${path.sep}`);

/** The runtime imports from the folders below `from` into any of `rooms`, as "from → to" lines. */
function arrowsInto(from: string, rooms: readonly string[]): { folders: number; arrows: string[] } {
  const graph = folderGraph(root, [from]);
  const arrows = [...graph].flatMap(([source, to]) =>
    [...to].filter((target) => rooms.some((room) => inside(target, room))).map((target) => `${source} → ${target}`),
  );
  return { folders: graph.size, arrows };
}

describe('the rooms of the source tree', () => {
  it('the server never imports the public site: the build reads raw content, the pages derive their view', () => {
    const { folders, arrows } = arrowsInto('src/server', ['src/components', 'src/pages', 'src/layouts']);
    expect(folders).toBeGreaterThan(10);
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

  it('the admin loads nothing from the server, so no server module reaches its bundle (decision 005)', () => {
    const { folders, arrows } = arrowsInto('src/admin', ['src/server']);
    expect(folders).toBeGreaterThan(5);
    expect(arrows).toEqual([]);
  });
});
