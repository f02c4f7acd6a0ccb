// The server side of the build returns raw content; the public components and pages derive their views from it
// (docs/public-site.md). An arrow from src/server into them would tie the API's bundle to the site's markup code.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderGraph } from '../../../scripts/import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('src/server imports nothing from the public components or pages', () => {
  it('has no arrow from a folder under src/server into src/components or src/pages', () => {
    const graph = folderGraph(root, ['src/server']);
    expect(graph.size).toBeGreaterThan(5);
    const arrows = [...graph].flatMap(([from, targets]) =>
      [...targets].filter((to) => /^src[/\\](components|pages)([/\\]|$)/.test(to)).map((to) => `${from} → ${to}`),
    );
    expect(arrows).toEqual([]);
  });
});
