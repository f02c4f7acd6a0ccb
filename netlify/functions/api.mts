import type { Config, Context } from '@netlify/functions';
import { rememberDeployContext } from '../../src/server/deploy-context';
import { getDefaultApp } from '../../src/server/runtime';

/** The whole API and the media files, served by the same Hono app as the local server. */
export default async (request: Request, context: Context) => {
  // CONTEXT is a build variable; a function learns its deploy context here (docs/decisions/015-previews-isolated.md).
  rememberDeployContext(context);
  const app = await getDefaultApp();
  return app.fetch(request, { context });
};

export const config: Config = {
  path: ['/api/*', '/media/*'],
  // A file in the publish folder at the same path wins over the function: the build copies the pages' media there
  // (netlify/plugins/copy-media), so the function serves only media uploaded since the last build.
  preferStatic: true,
};
