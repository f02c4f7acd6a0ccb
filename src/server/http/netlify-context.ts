import type { Context } from 'hono';

/** The parts of Netlify's function context this app uses (docs: Netlify Functions API, `Context`). */
export interface NetlifyContextParts {
  /** The client's address as Netlify's edge saw it. */
  ip: string | undefined;
  waitUntil: ((promise: Promise<unknown>) => void) | undefined;
}

/**
 * netlify/functions/api.mts calls `app.fetch(request, { context })`, which Hono exposes as `c.env.context`. Under
 * Node (the local server, tests) there is none and this returns null.
 */
export function netlifyContext(c: Context): NetlifyContextParts | null {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('context' in env)) return null;
  const context: unknown = env.context;
  if (typeof context !== 'object' || context === null) return null;
  const ip = 'ip' in context && typeof context.ip === 'string' && context.ip !== '' ? context.ip : undefined;
  const waitUntil =
    'waitUntil' in context && typeof context.waitUntil === 'function'
      ? (context.waitUntil as (promise: Promise<unknown>) => void).bind(context)
      : undefined;
  return { ip, waitUntil };
}
