import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps';
import { fail } from './errors';

/**
 * Bodies must come in the media type their route reads (docs/content-api.md, "Request bodies"): JSON everywhere,
 * multipart/form-data for the service and banner forms, raw bytes (application/octet-stream) for upload chunks.
 * A page on another origin can only make a browser send text/plain, urlencoded or multipart bodies without asking
 * first (CORS "simple" requests), so refusing those on JSON routes with 415 stops cross-site form posts.
 */
const MULTIPART_ROUTES = [/^\/api\/admin\/services(\/[^/]+)?\/*$/, /^\/api\/banners(\/[^/]+)?\/*$/];
const BYTES_ROUTES = [/^\/api\/admin\/uploads\/[^/]+\/chunks\/[^/]+\/*$/];

const MESSAGES = {
  'application/json': 'Send the request body as application/json',
  'multipart/form-data': 'Send the form as multipart/form-data',
  'application/octet-stream': 'Send the chunk as application/octet-stream',
} as const;

type Expected = keyof typeof MESSAGES;

function expectedType(method: string, path: string): Expected {
  if ((method === 'POST' || method === 'PUT') && MULTIPART_ROUTES.some((r) => r.test(path))) {
    return 'multipart/form-data';
  }
  if (method === 'PUT' && BYTES_ROUTES.some((r) => r.test(path))) return 'application/octet-stream';
  return 'application/json';
}

/** The media type without parameters, lower case: `Application/JSON; charset=utf-8` → `application/json`. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export const requireBodyType: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
  const expected = expectedType(method, c.req.path);
  const declared = mediaType(c.req.header('content-type'));
  if (declared === expected) return next();
  // No declared type is fine only for an empty body (commit, logout, delete). Reading here is safe: Hono keeps
  // the body for the handler. Chunks and forms always declare their type, so they are never read twice.
  if (declared === '' && expected === 'application/json' && (await c.req.text()).length === 0) return next();
  if (declared === '' && expected !== 'application/json' && !c.req.raw.body) return next();
  return fail(c, 415, MESSAGES[expected]);
};
