import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps';
import { fail } from '../http/errors';
import { AUTH_MESSAGES, authenticate, type Session } from './admin-account';
import type { AdminRecord } from '../stores/types';

/** The token from `Authorization: Bearer …` (scheme in any letter case), or null. */
export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization');
  if (!header) return null;
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

async function sessionOf(c: Context<AppEnv>): Promise<Session | null> {
  const token = bearerToken(c);
  return token ? authenticate(c.var.deps, token) : null;
}

/**
 * Admin-only routes: a valid, unrevoked session token of the admin's current token version in
 * `Authorization: Bearer …`, else 401. Sets `admin`, `tokenId` and `tokenExpiresAt`.
 */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const hasToken = bearerToken(c) !== null;
  const session = hasToken ? await sessionOf(c) : null;
  if (!session) {
    c.header('WWW-Authenticate', 'Bearer');
    c.header('Cache-Control', 'no-store');
    return fail(c, 401, hasToken ? AUTH_MESSAGES.sessionInvalid : AUTH_MESSAGES.authRequired);
  }
  c.set('admin', session.admin);
  c.set('tokenId', session.jti);
  c.set('tokenExpiresAt', session.expiresAt);
  return next();
};

/** For routes that answer everyone but show more to an admin (GET /api/banners): the admin, or null. */
export async function optionalAdmin(c: Context<AppEnv>): Promise<AdminRecord | null> {
  return (await sessionOf(c))?.admin ?? null;
}
