import type { Config, Context } from '@netlify/functions';
import { getDefaultApp } from '../../src/server/runtime';

/** The whole API and the media files, served by the same Hono app as the local server. */
export default async (request: Request, context: Context) => {
  const app = await getDefaultApp();
  return app.fetch(request, { context });
};

export const config: Config = {
  path: ['/api/*', '/media/*'],
};
