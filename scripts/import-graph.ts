// The folder-level import graph of src/, scripts/ and netlify/: which folder's files import which other folder's.
// A cycle between folders means two concepts lean on each other and neither can be read (or moved) alone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts|astro)$/;
// `import type` is left out: it is erased at build time, so it cannot make a load-order cycle.
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s(?!type\s)(?:[^'"]*?\sfrom\s)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

const isAncestor = (folder: string, of: string): boolean => of.startsWith(`${folder}${path.sep}`);

/**
 * Folder → the folders its files import from. Tests and test helpers are left out (they may reach anywhere they
 * check), and so is a folder's import of a folder above it: files such as src/server/deps.ts or
 * src/server/stores/types.ts are the shared ground of the folders below them, not a sibling concept.
 */
export function folderGraph(root: string, dirs: readonly string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const dir of dirs) {
    for (const file of files(path.join(root, dir))) {
      if (/\.test\.tsx?$/.test(file) || file.includes(`${path.sep}testing${path.sep}`)) continue;
      const from = path.relative(root, path.dirname(file));
      const edges = graph.get(from) ?? new Set<string>();
      graph.set(from, edges);
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = resolve(file, match[1] ?? match[2] ?? '');
        if (!target || !SOURCE.test(target)) continue;
        const to = path.relative(root, path.dirname(target));
        if (to !== from && !isAncestor(to, from)) edges.add(to);
      }
    }
  }
  return graph;
}

/** Every group of folders that import each other in a ring (strongly connected components of two or more). */
export function folderCycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
