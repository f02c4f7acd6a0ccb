// The project brings its own Node 22 (the `node` devDependency). Every place that names the version must agree,
// or Netlify, nvm users and npm scripts would each run a different Node.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface PackageJson {
  engines: { node: string };
  devDependencies: Record<string, string>;
}
const pkg = JSON.parse(read('package.json')) as PackageJson;
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string }> };

const pinned = pkg.devDependencies['node'] ?? '';
const nvmrc = read('.nvmrc').trim();
const netlifyNode = /^\s*NODE_VERSION\s*=\s*"([^"]+)"/m.exec(read('netlify.toml'))?.[1];

const parse = (version: string) => version.replace(/^v/, '').split('.').map(Number) as [number, number, number];
const compare = (a: string, b: string) => {
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i += 1) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

/** Enough of semver for the engines field's ">=A <B" form (the only form this project uses). */
function satisfies(version: string, range: string): boolean {
  return range.split(/\s+/).every((part) => {
    const match = /^(>=|<=|>|<|=)?v?(\d+(?:\.\d+){0,2})$/.exec(part);
    if (!match) throw new Error(`Unsupported range part: ${part}`);
    const target = (match[2] ?? '').split('.').concat(['0', '0']).slice(0, 3).join('.');
    const c = compare(version, target);
    switch (match[1]) {
      case '>=':
        return c >= 0;
      case '>':
        return c > 0;
      case '<=':
        return c <= 0;
      case '<':
        return c < 0;
      default:
        return c === 0;
    }
  });
}

describe('one Node version everywhere', () => {
  it('pins an exact Node 22 in devDependencies and the lockfile', () => {
    expect(pinned).toMatch(/^22\.\d+\.\d+$/);
    expect(lock.packages['node_modules/node']?.version).toBe(pinned);
  });

  it.each([
    ['.nvmrc', nvmrc],
    ['netlify.toml NODE_VERSION', netlifyNode],
  ])('%s names the pinned version', (_where, version) => {
    expect(version).toBe(pinned);
  });

  it('satisfies the engines range', () => {
    expect(satisfies(pinned, pkg.engines.node)).toBe(true);
    // The range must also keep Node 20 (the machines' own) out, since Astro 7 and vitest 5 need >= 22.12.
    expect(satisfies('20.19.0', pkg.engines.node)).toBe(false);
  });

  it('is the Node this test runs on (npm scripts use node_modules/.bin/node)', () => {
    expect(process.version).toBe(`v${pinned}`);
  });
});
