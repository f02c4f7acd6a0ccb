import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderCycles, folderGraph } from './import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('folder import graph', () => {
  it('finds a ring of folders that import each other, and nothing in a chain', () => {
    const ring = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(folderCycles(ring)).toEqual([['a', 'b', 'c']]);
    expect(
      folderCycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set<string>()],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no cycle between the folders of src/, scripts/ and netlify/', () => {
    const graph = folderGraph(root, ['src', 'scripts', 'netlify']);
    expect(graph.size).toBeGreaterThan(20);
    expect(folderCycles(graph)).toEqual([]);
  });

  it('keeps the rules free of HTTP: domain/ neither throws HttpError nor reads multipart', () => {
    for (const file of readdirSync(path.join(root, 'src/server/domain'))) {
      const text = readFileSync(path.join(root, 'src/server/domain', file), 'utf8');
      expect.soft(text, file).not.toMatch(/\bHttpError\b|from '[^']*http\/multipart'/);
    }
  });
});
