// The messages between the local server and its build process (build-site.ts, build-site-worker.mjs).

export interface BuildRequest {
  type: 'build';
  id: number;
  /** The project to build (astro's --root). */
  root: string;
  /** The working folder of the build: the folder that holds its output. */
  cwd: string;
  /** The whole environment of this build (BUILD_OUT_DIR, DATA_DIR, SITE_URL, …). */
  env: Record<string, string>;
}

export type BuildReply =
  | { type: 'ready' }
  | { type: 'output'; id: number; text: string }
  | { type: 'done'; id: number; ok: boolean; rssBytes: number };
