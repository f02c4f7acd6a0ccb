// The build plugin as Netlify loads it: its own package.json ("type": "module", "main"), the entry it names, and
// the hooks Netlify calls with `constants` and `utils` (docs/publishing.md, "Media in the build").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const pluginDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../netlify/plugins/copy-media');

interface Plugin {
  onPostBuild(options: {
    constants: { PUBLISH_DIR: string; SITE_ID?: string; NETLIFY_API_TOKEN?: string };
    utils: {
      build: { failBuild(message: string): void };
      cache: { restore(p: string): Promise<boolean>; save(p: string): Promise<boolean> };
    };
  }): Promise<void>;
}

async function loadPlugin(): Promise<Plugin> {
  const manifest = JSON.parse(readFileSync(path.join(pluginDir, 'package.json'), 'utf8')) as Record<string, unknown>;
  expect(manifest).toMatchObject({ name: 'copy-media', type: 'module', main: 'index.js' });
  return (await import(pathToFileURL(path.join(pluginDir, String(manifest['main']))).href)) as Plugin;
}

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function utils() {
  const failures: string[] = [];
  return {
    failures,
    build: { failBuild: (message: string) => void failures.push(message) },
    cache: { restore: async () => false, save: async () => false },
  };
}

describe('the copy-media build plugin', () => {
  it('loads through its package.json and copies nothing for pages without media', async () => {
    const plugin = await loadPlugin();
    const publishDir = mkdtempSync(path.join(tmpdir(), 'sg-plugin-'));
    dirs.push(publishDir);
    writeFileSync(path.join(publishDir, 'index.html'), '<p>No media here</p>');
    const u = utils();
    await plugin.onPostBuild({
      constants: { PUBLISH_DIR: publishDir, SITE_ID: 'site', NETLIFY_API_TOKEN: 't' },
      utils: u,
    });
    expect(u.failures).toEqual([]);
  }, 60_000);

  it('fails the build, with the reason, when the copy cannot be done', async () => {
    // Not production: this test must not write a publish record into the developer's data folder.
    vi.stubEnv('CONTEXT', 'deploy-preview');
    const plugin = await loadPlugin();
    const u = utils();
    const missing = path.join(tmpdir(), 'sg-plugin-no-such-dir');
    await plugin.onPostBuild({
      constants: { PUBLISH_DIR: missing, SITE_ID: 'site', NETLIFY_API_TOKEN: 't' },
      utils: u,
    });
    expect(u.failures).toHaveLength(1);
    expect(u.failures[0]).toMatch(/^\[copy-media\] .*ENOENT/);
  }, 60_000);
});
