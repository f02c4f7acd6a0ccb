import type { Context } from 'hono';
import { fail } from './errors';

interface KnownRoute {
  method: string;
  path: string;
}

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A Hono route path as a regular expression: `:param` is one segment, `*` anything; trailing slashes optional. */
function pattern(path: string): RegExp {
  const body = path
    .replace(/\/+$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : escape(part)))
    .join('/');
  return new RegExp(`^${body}/*$`);
}

/**
 * The methods a path answers to, from the app's own route list (middleware registers as `ALL` and is skipped), so
 * a wrong method on a known path gets 405 with `Allow` instead of 404 (RFC 9110, 15.5.6).
 */
export function allowedMethods(routes: readonly KnownRoute[]) {
  const table = routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => ({ method: route.method, match: pattern(route.path) }));
  return (path: string): string[] => {
    const methods = new Set(table.filter((route) => route.match.test(path)).map((route) => route.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

export function methodNotAllowed(c: Context, allow: string[]) {
  c.header('Allow', allow.join(', '));
  return fail(c, 405, `${c.req.method} is not allowed here`);
}
