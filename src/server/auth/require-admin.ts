import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps';
import { fail } from '../http/errors';
import type { AdminRecord } from '../stores/types';

// Placeholder until the "Admin authentication" issue: every admin route answers 401.

/** Admin-only routes: a valid, unrevoked session token in `Authorization: Bearer …`, else 401. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c) => {
  return fail(c, 401, 'Authentication required');
};

/** For routes that answer everyone but show more to an admin (GET /api/banners): the admin, or null. */
export async function optionalAdmin(_c: Context<AppEnv>): Promise<AdminRecord | null> {
  return null;
}
