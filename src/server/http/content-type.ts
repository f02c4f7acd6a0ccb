import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps';
import { fail } from './errors';

/**
 * Bodies must come in the media type their route reads (docs/content-api.md, "Request bodies"): JSON everywhere,
 * multipart/form-data for the service and banner forms, raw bytes (application/octet-stream) for upload chunks.
 * A page on another origin can only make a browser send text/plain, urlencoded or multipart bodies without asking
 * first (CORS "simple" requests), so refusing those on JSON routes with 415 stops cross-site form posts.
 */
// `/api/admin/services/order` is the JSON order of the list (docs/content-api.md, "Order"), not a service's form.
const MULTIPART_ROUTES = [/^\/api\/admin\/services(\/(?!order\/*$)[^/]+)?\/*$/, /^\/api\/banners(\/[^/]+)?\/*$/];
const BYTES_ROUTES = [/^\/api\/admin\/uploads\/[^/]+\/chunks\/[^/]+\/*$/];
/** The contact form posted by a browser without JavaScript (docs/public-site.md); that route checks its origin. */
const FORM_ROUTES = [/^\/api\/contact\/form\/*$/];

const MESSAGES = {
  'application/json': 'Send the request body as application/json',
  'multipart/form-data': 'Send the form as multipart/form-data',
  'application/octet-stream': 'Send the chunk as application/octet-stream',
  'application/x-www-form-urlencoded': 'Send the form as application/x-www-form-urlencoded',
} as const;

type Expected = keyof typeof MESSAGES;

function expectedType(method: string, path: string): Expected {
  if ((method === 'POST' || method === 'PUT') && MULTIPART_ROUTES.some((r) => r.test(path))) {
    return 'multipart/form-data';
  }
  if (method === 'PUT' && BYTES_ROUTES.some((r) => r.test(path))) return 'application/octet-stream';
  if (method === 'POST' && FORM_ROUTES.some((r) => r.test(path))) return 'application/x-www-form-urlencoded';
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
