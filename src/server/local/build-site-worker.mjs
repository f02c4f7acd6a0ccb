// @ts-check
// The long-lived process behind `createSiteBuilder` (build-site.ts): it loads Astro once and runs one `astro build` per
// request, so every build after the first skips Node's and Astro's start-up (docs/publishing.md, "Local builds").
// It runs as a child of the local server, never inside it: a build imports the stores and the pages itself, and
// holds them in memory until this process ends. Plain JavaScript, so Node runs it without a TypeScript loader: the
// loader's hooks would see every one of Astro's and Vite's imports (a second of CPU per process, measured).
import { build } from 'astro';

/** @typedef {import('./build-site-protocol').BuildRequest} BuildRequest */
/** @typedef {import('./build-site-protocol').BuildReply} BuildReply */

/** @param {BuildReply} reply */
function send(reply) {
  process.send?.(reply);
}

/**
 * Everything the build prints goes to the parent as messages, in order with the final reply.
 * @param {number} id
 * @returns {() => void} puts the streams back
 */
function forwardOutput(id) {
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write.bind(stream));
  for (const stream of streams) {
    /** @type {(chunk: string | Uint8Array, ...rest: unknown[]) => boolean} */
    const write = (chunk, ...rest) => {
      send({ type: 'output', id, text: typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString() });
      const callback = /** @type {(() => void) | undefined} */ (rest.find((arg) => typeof arg === 'function'));
      callback?.();
      return true;
    };
    stream.write = /** @type {typeof stream.write} */ (write);
  }
  return () =>
    streams.forEach((stream, index) => (stream.write = /** @type {typeof stream.write} */ (originals[index])));
}

/**
 * The build reads its settings from the environment (astro.config.mjs, the stores): each request brings its own.
 * This process only runs builds, so the environment is the build's input, written here.
 * @param {Record<string, string>} env
 */
function useEnvironment(env) {
  // eslint-disable-next-line no-restricted-properties
  const own = process.env;
  for (const key of Object.keys(own)) if (!(key in env)) delete own[key];
  Object.assign(own, env);
}

/** @param {BuildRequest} request */
async function runBuild(request) {
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
process.on('message', (/** @type {BuildRequest} */ message) => {
  if (message.type === 'build') void runBuild(message);
});
send({ type: 'ready' });
