import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { NetlifyDev } from '@netlify/dev';
import type { App } from '../app';
import { SECURITY_HEADERS } from '../http/security-headers';
import { ImageResponseCache } from './image-cache';
import { readNotFoundRewrites } from './not-found-rewrites';
import { readSiteWideHeaders } from './static-headers';
import { localServiceRedirects } from './service-redirects';
import { BodyTooLargeError, MAX_REQUEST_BYTES, readBody, sendWebResponse, toWebRequest } from './node-bridge';

export interface LocalServerOptions {
  /** The site root (see site-root.ts): netlify.toml, the `dist` symlink, and Blobs. */
  siteRoot: string;
  port: number;
  /** The address to listen on (env HOST; 127.0.0.1 unless set). */
  host: string;
  /** The `dist` symlink inside the site root. */
  distDir: string;
  app: App;
  /** Called with the size of every API request and response body (the limits test records the largest). */
  /** Runs after the Blobs context exists and before the port opens (seed, then build). */
  beforeListen?: () => Promise<void>;
  onApiTraffic?: (info: { method: string; path: string; requestBytes: number; responseBytes: number }) => void;
}

export interface LocalServer {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * Netlify's CDN sends text assets (HTML, CSS, JS, SVG, JSON) compressed; @netlify/dev does not. Doing the same here
 * keeps local measurements (the Lighthouse budgets of scripts/bench/site.ts) honest about what visitors download.
 */
async function compressText(response: Response, acceptEncoding: string | string[] | undefined): Promise<Response> {
  const accepted = String(acceptEncoding ?? '');
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return response;
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (!encoding) return response;
  const raw = Buffer.from(await response.arrayBuffer());
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(raw, { level: 6 });
  const headers = new Headers(response.headers);
  headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.byteLength));
  headers.append('vary', 'Accept-Encoding');
  return new Response(new Uint8Array(body), { status: response.status, headers });
}

/** Whether the live build holds `/media/<key>` as a file (copied by the build; docs/publishing.md). */
function builtMediaExists(distDir: string, pathname: string): boolean {
  const key = pathname.slice('/media/'.length);
  // Flat keys only: no slashes, dots only inside the name, so the path cannot leave the media folder.
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/.test(key)) return false;
  try {
    return statSync(path.join(distDir, 'media', key)).isFile();
  } catch {
    return false;
  }
}

/**
 * Methods a web Request can carry. TRACE, TRACK and CONNECT make `new Request()` throw, which used to surface as
 * 500; they get 405 instead, as Netlify's edge answers them.
 */
const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const json = (status: number, body: unknown, extra: Readonly<Record<string, string>>) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...extra, 'content-type': 'application/json; charset=utf-8' },
  });

/**
 * The parts of @netlify/dev this project never uses: the app runs its own function code (see below), and the
 * configuration is read by env.ts, not injected. scripts/seed.ts switches these off too.
 */
export const NETLIFY_DEV_UNUSED = {
  functions: { enabled: false },
  edgeFunctions: { enabled: false },
  database: { enabled: false },
  aiGateway: { enabled: false },
  geolocation: { enabled: false },
  environmentVariables: { enabled: false },
} as const;

/**
 * Production parity on one port: static files, netlify.toml redirects and headers, Blobs and the Image CDN come
 * from @netlify/dev; /api and /media go straight to the app (its function emulation corrupts binary bodies).
 */
export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const dev = new NetlifyDev({ projectRoot: options.siteRoot, ...NETLIFY_DEV_UNUSED, staticFiles: { enabled: true } });
  await dev.start();
  await options.beforeListen?.();

  const origin = `http://localhost:${options.port}`;
  const notFoundRewrites = readNotFoundRewrites(path.join(options.siteRoot, 'netlify.toml'));
  const siteHeaders = readSiteWideHeaders(path.join(options.siteRoot, 'netlify.toml'));
  const serviceRedirects = localServiceRedirects(options.distDir);
  const resizedPictures = new ImageResponseCache();
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const method = req.method ?? 'GET';
      if (!SERVED_METHODS.includes(method)) {
        res.writeHead(405, {
          ...siteHeaders,
          allow: SERVED_METHODS.join(', '),
          'content-type': 'text/plain; charset=utf-8',
        });
        res.end('Method not allowed');
        return;
      }
      try {
        const isApi = url.pathname.startsWith('/api/') || url.pathname === '/api';
        // Like the function's `preferStatic` on Netlify: a media file the build copied into the publish folder is
        // served as a static file; only media uploaded since the last build reach the app.
        const isDynamicMedia = url.pathname.startsWith('/media/') && !builtMediaExists(options.distDir, url.pathname);
        if (isApi || isDynamicMedia) {
          let body: Buffer | undefined;
          try {
            body = await readBody(req, MAX_REQUEST_BYTES);
          } catch (error) {
            if (!(error instanceof BodyTooLargeError)) throw error;
            res.setHeader('connection', 'close');
            await sendWebResponse(
              res,
              json(
                413,
                {
                  success: false,
                  message: 'Request body is larger than 6 MB. Large media must be uploaded in chunks.',
                },
                // An /api reply: the app's own headers, with their stricter policy.
                SECURITY_HEADERS,
              ),
            );
            return;
          }
          const response = await options.app.fetch(toWebRequest(req, origin, body));
          const responseBytes = await sendWebResponse(res, response, method);
          options.onApiTraffic?.({ method, path: url.pathname, requestBytes: body.length, responseBytes });
          return;
        }
        const moved = method === 'GET' || method === 'HEAD' ? serviceRedirects.target(url.pathname) : null;
        if (moved) {
          res.writeHead(301, { location: moved + url.search, 'cache-control': 'public, max-age=0, must-revalidate' });
          res.end();
          return;
        }
        // serverAddress: the Image CDN emulation fetches its source (`/.netlify/images?url=/media/…`) from this
        // address. Without it, @netlify/dev uses its own passthrough server, which knows nothing of /media.
        const pictureKey = resizedPictures.keyFor(method, url);
        const kept = pictureKey ? resizedPictures.lookup(pictureKey) : null;
        let response = kept ?? (await dev.handle(toWebRequest(req, origin), { serverAddress: origin }));
        if (pictureKey && !kept && response) response = await resizedPictures.remember(pictureKey, response);
        if (response?.status === 200 && notFoundRewrites.appliesTo(url.pathname, options.distDir)) {
          response = new Response(response.body, { status: 404, headers: response.headers });
        }
        if (response) {
          await sendWebResponse(res, await compressText(response, req.headers['accept-encoding']), method);
          return;
        }
        // Netlify serves the publish root's 404.html for unknown paths.
        const notFound = await readFile(path.join(options.distDir, '404.html')).catch(() => null);
        await sendWebResponse(
          res,
          new Response(notFound ?? 'Not found', {
            status: 404,
            headers: { ...siteHeaders, 'content-type': 'text/html; charset=utf-8' },
          }),
          method,
        );
      } catch (error) {
        console.error(
          `[server] ${method} ${url.pathname} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (!res.headersSent) res.writeHead(500, { ...siteHeaders, 'content-type': 'text/plain' });
        res.end('Internal error');
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });

  return {
    url: origin,
    server,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await dev.stop();
    },
  };
}
