import type { Context } from 'hono';
import type { AppEnv } from '../deps';
import { netlifyContext } from './netlify-context';

/**
 * Work that must not delay the reply (sending a mail). On Netlify the function is kept alive for it with
 * `context.waitUntil`; under Node (the local server, tests) it simply runs on after the reply. Tests that need to
 * know when it is done pass `deps.afterReply`. A failure is the task's own business: it is never thrown here.
 */
export function runAfterReply(c: Context<AppEnv>): (task: () => Promise<unknown>) => void {
  return (task) => {
    const promise = Promise.resolve()
      .then(task)
      .catch((error: unknown) => {
        console.error(`[api] background task failed: ${error instanceof Error ? error.name : 'Error'}`);
      });
    netlifyContext(c)?.waitUntil?.(promise);
    c.var.deps.afterReply?.(promise);
  };
}
