// @ts-check
// A local build plugin (declared in netlify.toml, with its own package.json as Netlify asks of local plugins). After
// `npm run build`, it copies every media object the built pages reference from the site's Blobs store into the
// publish folder at /media/<key>, so Netlify's CDN serves them and the API function (preferStatic) only answers for
// media uploaded since. Unchanged files come from Netlify's build cache instead of the store. A failed copy fails the
// deploy, so the previous deploy stays live, and is recorded for the portal's publish status (docs/publishing.md).
// The work is the project's TypeScript (src/server/publish/deploy-media.ts), loaded through tsx.
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

/**
 * @typedef {{ restore(path: string): Promise<boolean>; save(path: string): Promise<boolean> }} BuildCache
 * @typedef {{ ok: true; line: string } | { ok: false; message: string }} DeployMediaOutcome
 * @typedef {{
 *   deployMediaForBuild(options: {
 *     publishDir: string; siteID: string; token: string; cache: BuildCache;
 *   }): Promise<DeployMediaOutcome>;
 * }} DeployModule
 */

/**
 * @param {{
 *   constants: { PUBLISH_DIR: string; SITE_ID?: string; NETLIFY_API_TOKEN?: string };
 *   utils: { build: { failBuild(message: string, options?: { error: unknown }): void }; cache: BuildCache };
 * }} options
 */
export const onPostBuild = async ({ constants, utils }) => {
  const { SITE_ID: siteID, NETLIFY_API_TOKEN: token } = constants;
  if (!siteID || !token) {
    // `netlify build --offline` and builds outside Netlify: the function keeps serving every media file.
    console.log('[copy-media] No site ID or API token in this build: media stay with the function.');
    return;
  }
  /** @type {DeployMediaOutcome} */
  let outcome;
  try {
    // tsImport is typed `any`; the typedef above says what the module exports (checked by its own tests).
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
    const deploy = /** @type {DeployModule} */ (
      await tsImport('../../../src/server/publish/deploy-media.ts', import.meta.url)
    );
    outcome = await deploy.deployMediaForBuild({
      publishDir: path.resolve(constants.PUBLISH_DIR),
      siteID,
      token,
      cache: utils.cache,
    });
  } catch (error) {
    outcome = { ok: false, message: `The media copier could not start: ${String(error)}` };
  }
  if (outcome.ok) {
    console.log(`[copy-media] ${outcome.line}`);
    return;
  }
  // A page would point at a file the CDN does not have: fail the deploy so the previous one stays live.
  utils.build.failBuild(`[copy-media] ${outcome.message}`);
};
