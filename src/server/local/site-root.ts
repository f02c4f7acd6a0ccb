import { copyFileSync, existsSync, mkdirSync, readlinkSync, renameSync, symlinkSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
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

let buildSequence = 0;

/** A fresh folder name that sorts by creation (time, then a counter within the millisecond), unique across processes. */
export function newBuildDir(site: SiteRoot): string {
  buildSequence = (buildSequence + 1) % 10_000;
  const order = `${Date.now()}-${String(buildSequence).padStart(4, '0')}`;
  return path.join(site.buildsDir, `${order}${Math.random().toString(36).slice(2, 8)}`);
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
 * never a half-written folder. Older builds are left for pruneBuilds, so the swap never waits for a deletion.
 */
export function activateBuild(site: SiteRoot, buildDir: string): void {
  const temp = `${site.distLink}.next-${process.pid}-${Date.now()}`;
  symlinkSync(path.relative(path.dirname(site.distLink), buildDir), temp, 'dir');
  renameSync(temp, site.distLink);
}

/**
 * Removes old builds, keeping the live one and the one before it (a visitor may still be loading its pages).
 * Asynchronous: deleting a few thousand files must not hold up the server that is answering visitors meanwhile.
 */
export async function pruneBuilds(site: SiteRoot): Promise<void> {
  const live = currentBuild(site);
  if (!existsSync(site.buildsDir)) return;
  // Only build folders (named by newBuildDir); the builds folder also holds the node_modules link (build-site.ts).
  const builds = (await readdir(site.buildsDir)).filter((name) => BUILD_NAME.test(name)).sort();
  const keep = new Set(live ? [path.basename(live)] : []);
  const older = builds.filter((name) => !keep.has(name) && (!live || name < path.basename(live)));
  const previous = older.at(-1);
  if (previous) keep.add(previous);
  for (const name of builds) {
    // Newer folders than the live one are builds still running (or failed ones being removed): not ours to touch.
    if (keep.has(name) || (live && name > path.basename(live))) continue;
    await rm(path.join(site.buildsDir, name), { recursive: true, force: true });
  }
}
