import {
  copyFileSync,
  mkdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  existsSync,
  readdirSync,
} from 'node:fs';
import path from 'node:path';

export interface SiteRoot {
  /** The folder @netlify/dev treats as the project root: a copy of netlify.toml, `dist`, and Blobs under .netlify/. */
  root: string;
  /** `dist`: a symlink to the build being served. */
  distLink: string;
  /** Every build goes into its own folder here. */
  buildsDir: string;
}

/**
 * The local server keeps everything it serves inside the data folder, so two servers with two data folders (the
 * e2e tests, a developer's own) never share a build or a blob, and `npm run seed -- --reset` starts truly fresh.
 */
export function prepareSiteRoot(projectRoot: string, dataDir: string): SiteRoot {
  const root = path.join(dataDir, 'site');
  const buildsDir = path.join(root, 'builds');
  mkdirSync(buildsDir, { recursive: true });
  copyFileSync(path.join(projectRoot, 'netlify.toml'), path.join(root, 'netlify.toml'));
  return { root, distLink: path.join(root, 'dist'), buildsDir };
}

const BUILD_NAME = /^\d+-[a-z0-9]+$/;

export function newBuildDir(site: SiteRoot): string {
  return path.join(site.buildsDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
}

/** The build currently served, or null before the first build. */
export function currentBuild(site: SiteRoot): string | null {
  try {
    return path.resolve(path.dirname(site.distLink), readlinkSync(site.distLink));
  } catch {
    return null;
  }
}

/**
 * Points `dist` at a finished build in one rename(2), which is atomic: a visitor sees the old site or the new one,
 * never a half-written folder. Older builds are removed afterwards, keeping the previous one for a moment.
 */
export function activateBuild(site: SiteRoot, buildDir: string): void {
  const temp = `${site.distLink}.next-${process.pid}-${Date.now()}`;
  symlinkSync(path.relative(path.dirname(site.distLink), buildDir), temp, 'dir');
  renameSync(temp, site.distLink);
  const keep = new Set([path.basename(buildDir)]);
  // Only build folders (named by newBuildDir); the builds folder also holds the node_modules link (build-site.ts).
  const builds = existsSync(site.buildsDir)
    ? readdirSync(site.buildsDir)
        .filter((name) => BUILD_NAME.test(name))
        .sort()
    : [];
  const previous = builds.filter((name) => !keep.has(name)).slice(-1);
  for (const name of previous) keep.add(name);
  for (const name of builds) {
    if (!keep.has(name)) rmSync(path.join(site.buildsDir, name), { recursive: true, force: true });
  }
}
