// @ts-check
// A local build plugin (declared in netlify.toml). After `npm run build`, it copies every media object the built
// pages reference from the site's Blobs store into the publish folder at /media/<key>, so Netlify's CDN serves them
// and the API function (preferStatic) only answers for media uploaded since. Netlify documents Blobs access for build
// plugins, which receive the site ID and an API token as constants; the build command itself gets no such promise.
// The copying code is the project's TypeScript (src/server/publish/copy-media.ts), loaded through tsx.
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

/**
 * @typedef {{ copied: string[]; missing: string[]; bytes: number }} CopiedMedia
 * @typedef {{
 *   copyMediaForDeploy(options: { publishDir: string; siteID: string; token: string }): Promise<CopiedMedia>;
 *   describeCopy(result: CopiedMedia): string;
 * }} CopyModule
 */

/**
 * @param {{
 *   constants: { PUBLISH_DIR: string; SITE_ID?: string; NETLIFY_API_TOKEN?: string };
 *   utils: { build: { failPlugin(message: string, options?: { error: unknown }): void } };
 * }} options
 */
export const onPostBuild = async ({ constants, utils }) => {
  const { SITE_ID: siteID, NETLIFY_API_TOKEN: token } = constants;
  if (!siteID || !token) {
    // `netlify build --offline` and builds outside Netlify: the function keeps serving every media file.
    console.log('[copy-media] No site ID or API token in this build: media stay with the function.');
    return;
  }
  try {
    // tsImport is typed `any`; the typedef above says what the module exports (checked by its own tests).
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
    const copy = /** @type {CopyModule} */ (
      await tsImport('../../../src/server/publish/copy-media.ts', import.meta.url)
    );
    const result = await copy.copyMediaForDeploy({ publishDir: path.resolve(constants.PUBLISH_DIR), siteID, token });
    console.log(`[copy-media] ${copy.describeCopy(result)}`);
  } catch (error) {
    // The site still works without the copies (the function serves every file), so the deploy goes on; the plugin
    // is marked failed in the deploy log so the cause is seen.
    utils.build.failPlugin('Copying media into the publish folder failed; the function serves them instead.', {
      error,
    });
  }
};
