import { Hono, type Context } from 'hono';
import { requireAdmin } from '../auth/require-admin';
import type { AppDeps, AppEnv } from '../deps';

/** A router whose every route needs the admin's session (docs/auth.md). */
export const adminRouter = () => new Hono<AppEnv>().use('*', requireAdmin);

/**
 * GET handler for a portal screen's data: never answered from a cache, so a screen shows what was just saved and a
 * shared cache never keeps the admin's answer.
 */
export function privateRead<T>(read: (deps: AppDeps) => Promise<T>) {
  return async (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ success: true as const, data: await read(c.var.deps) });
  };
}

/** GET / of what the site shows to everyone, as stored. */
export function publicRead<T>(read: (deps: AppDeps) => Promise<T>) {
  return new Hono<AppEnv>().get('/', async (c) => c.json({ success: true as const, data: await read(c.var.deps) }));
}

/** How one kind of content is created, updated and deleted. */
export interface ContentWrites<B, T> {
  /** Reads and validates a create's or an update's body (JSON or multipart). */
  body: (c: Context<AppEnv>) => Promise<B>;
  create: (deps: AppDeps, body: B) => Promise<T>;
  update: (deps: AppDeps, id: string, body: B) => Promise<T>;
  remove: (deps: AppDeps, id: string) => Promise<unknown>;
}

/** What each answer says, in the portal's toast. */
export interface ContentWriteMessages {
  created: string;
  updated: string;
  deleted: string;
}

/** POST / (201), PUT /:id and DELETE /:id of one kind of content (docs/content-api.md). */
export function withContentWrites<B, T>(
  router: Hono<AppEnv>,
  messages: ContentWriteMessages,
  writes: ContentWrites<B, T>,
) {
  return router
    .post('/', async (c) => {
      const data = await writes.create(c.var.deps, await writes.body(c));
      return c.json({ success: true as const, data, message: messages.created }, 201);
    })
    .put('/:id', async (c) => {
      const data = await writes.update(c.var.deps, c.req.param('id'), await writes.body(c));
      return c.json({ success: true as const, data, message: messages.updated });
    })
    .delete('/:id', async (c) => {
      await writes.remove(c.var.deps, c.req.param('id'));
      return c.json({ success: true as const, message: messages.deleted });
    });
}
