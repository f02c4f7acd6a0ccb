import { BuildInfoSchema, type BuildInfo } from '../../shared/schemas/publish';
import type { MetaStore } from '../stores/types';
import { DeadlineError, withDeadline } from './deadline';
import { requested, updateRecord } from './record';
import { buildTitle, type Publisher, type PublishRequest } from './types';

export interface BuildHookPublisherOptions {
  meta: MetaStore;
  /** NETLIFY_BUILD_HOOK_URL. A secret of sorts (anyone holding it can start builds): never logged or shown. */
  hookUrl: string;
  /** The public site, whose /build-info.json tells which content version is live. */
  siteUrl: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /** How long the hook may take to answer; the admin's save waits for it. */
  timeoutMs?: number;
}

/** Why a hook call failed, in words for the admin (never the hook URL). */
export function describeHookFailure(error: unknown): string {
  if (error instanceof HookRefusedError) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'The build hook did not answer in time.';
  }
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  return `The build hook could not be reached${code}.`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

class HookRefusedError extends Error {
  constructor(status: number) {
    super(`The build hook answered ${status}.`);
    this.name = 'HookRefusedError';
  }
}

/**
 * Production: every change POSTs to the Netlify build hook with a `trigger_title` naming it, which Netlify shows as
 * the deploy message. Netlify does not promise to coalesce hook calls (each POST starts a build; builds beyond the
 * plan's concurrent-build limit wait in a queue), so the debounce in front of this keeps it to one build per session.
 *
 * The call is awaited inside the request, because a serverless function may be frozen as soon as it has answered;
 * it is bounded by a timeout, and a failure is recorded, never thrown.
 */
export function createBuildHookPublisher(options: BuildHookPublisherOptions): Publisher {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 8_000;

  return {
    mode: 'hook',
    async contentChanged(request: PublishRequest, callOptions: { signal?: AbortSignal | undefined } = {}) {
      const title = buildTitle(request);
      const deadline = callOptions.signal;
      // The hook first, the record after: a request is recorded only once Netlify has accepted it, so a run that dies
      // in between leaves the change pending and the next scheduled run calls the hook again (docs/publishing.md).
      try {
        const url = new URL(options.hookUrl);
        url.searchParams.set('trigger_title', title);
        const timeout = AbortSignal.timeout(timeoutMs);
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
          signal: deadline ? AbortSignal.any([deadline, timeout]) : timeout,
        });
        await response.body?.cancel();
        if (!response.ok) throw new HookRefusedError(response.status);
      } catch (error) {
        const message = describeHookFailure(error);
        console.warn(`[publish] ${title}: ${message}`);
        // Past the deadline nothing more is written; the change stays pending either way.
        if (deadline?.aborted) return;
        try {
          await withDeadline(
            updateRecord(options.meta, (record) => ({
              ...record,
              mode: 'hook',
              state: 'failed',
              lastError: message,
              lastTitle: title,
              finishedAt: now().toISOString(),
            })),
            deadline,
          );
        } catch (storeError) {
          console.warn(`[publish] could not record the failure: ${errorText(storeError)}`);
        }
        return;
      }
      try {
        if (deadline?.aborted) throw new DeadlineError();
        await withDeadline(
          updateRecord(options.meta, (record) => ({
            ...requested(record, { mode: 'hook', version: request.version, title, at: now() }),
            startedAt: now().toISOString(),
          })),
          deadline,
        );
      } catch (storeError) {
        // Netlify builds anyway; the change still looks pending, so the next run calls the hook once more. A
        // duplicate build is the accepted price: a lost change is not (docs/publishing.md).
        console.warn(`[publish] ${title}: the build was started but could not be recorded: ${errorText(storeError)}`);
      }
    },
    liveBuild: () => fetchBuildInfo(options.siteUrl, fetchImpl),
  };
}

/** The deployed site's /build-info.json, or null when it cannot be read (site down, older deploy without it). */
export async function fetchBuildInfo(siteUrl: string, fetchImpl: typeof fetch = fetch): Promise<BuildInfo | null> {
  try {
    const response = await fetchImpl(new URL('/build-info.json', siteUrl), {
      // The CDN revalidates static files on every request; still, never let an intermediate cache answer.
      cache: 'no-store',
      signal: AbortSignal.timeout(3_000),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const parsed = BuildInfoSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
