import { NetlifyDev } from '@netlify/dev';
import { NETLIFY_DEV_UNUSED } from './server';
import { prepareSiteRoot } from './site-root';

/**
 * Netlify Blobs for a script that runs beside `npm start` (seed, restore): @netlify/dev on the same site root as the
 * local server, so the server finds the pictures the script writes, with everything but Blobs switched off. Started;
 * the caller stops it.
 */
export async function startLocalBlobs(projectRoot: string, dataDir: string): Promise<NetlifyDev> {
  const dev = new NetlifyDev({
    projectRoot: prepareSiteRoot(projectRoot, dataDir).root,
    blobs: { enabled: true },
    ...NETLIFY_DEV_UNUSED,
    staticFiles: { enabled: false },
    images: { enabled: false },
    redirects: { enabled: false },
    headers: { enabled: false },
    server: { enabled: false },
  });
  await dev.start();
  return dev;
}
