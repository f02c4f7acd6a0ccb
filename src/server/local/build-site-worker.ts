// The long-lived process behind `createSiteBuilder` (build-site.ts): it loads Astro once and runs one `astro build` per
// request, so every build after the first skips Node's and Astro's start-up (docs/publishing.md, "Local builds").
// It runs as a child of the local server, never inside it: a build imports the stores and the pages itself, and
// holds them in memory until this process ends.
import { build } from 'astro';
import type { BuildReply, BuildRequest } from './build-site-protocol';

function send(reply: BuildReply): void {
  process.send?.(reply);
}

/** Everything the build prints goes to the parent as messages, in order with the final reply. */
function forwardOutput(id: number): () => void {
  const streams = [process.stdout, process.stderr] as const;
  const originals = streams.map((stream) => stream.write.bind(stream));
  for (const stream of streams) {
    stream.write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
      send({ type: 'output', id, text: typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString() });
      const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
      callback?.();
      return true;
    };
  }
  return () => streams.forEach((stream, index) => (stream.write = originals[index]!));
}

/** The build reads its settings from the environment (astro.config.mjs, the stores): each request brings its own. */
function useEnvironment(env: Record<string, string>): void {
  // This process only runs builds: the environment is the build's input, written here and read by astro.config.mjs
  // and the stores, never read through src/server/env.ts in this process itself.
  // eslint-disable-next-line no-restricted-properties
  const own = process.env;
  for (const key of Object.keys(own)) if (!(key in env)) delete own[key];
  Object.assign(own, env);
}

async function runBuild(request: BuildRequest): Promise<void> {
  const restore = forwardOutput(request.id);
  let ok = false;
  try {
    useEnvironment(request.env);
    // Astro writes its intermediate chunks under the working folder's output (build-site.ts says why).
    process.chdir(request.cwd);
    await build({ root: request.root });
    ok = true;
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    restore();
  }
  send({ type: 'done', id: request.id, ok, rssBytes: process.memoryUsage().rss });
}

// One build at a time: the parent sends the next request only after the reply to the last.
process.on('message', (message: BuildRequest) => {
  if (message.type === 'build') void runBuild(message);
});
send({ type: 'ready' });
