import type { MiddlewareHandler } from 'hono';

/**
 * Netlify's `[[headers]]` rules do not apply to function replies, so the app sets these on every `/api` and `/media`
 * reply itself. The first five match netlify.toml's rule for `/*` (a test keeps them equal); the policy is the
 * strictest one a JSON or media reply needs: it loads nothing and may be framed by nothing. See docs/content-api.md.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
};

/**
 * Sets SECURITY_HEADERS on the reply, whatever produced it (a route, notFound or onError). A header the route chose
 * itself stays (the media route sends its own policy for stored files: docs/content-api.md).
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}
