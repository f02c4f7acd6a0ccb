import type { BuildInfo, PublishState, PublishStatus } from '../../shared/schemas/publish';
import type { AppDeps } from '../deps';
import { readPending } from './debounce';
import { readRecord, type PublishRecord } from './record';
import { readContentVersion } from '../stores/content-version';

/** A hook build that has not gone live after this long is reported as failed (Netlify tells us nothing back). */
export const HOOK_STALE_MS = 20 * 60_000;
/** A request counts as in flight this long even when no build has picked it up yet (a build is being scheduled). */
export const REQUEST_GRACE_MS = 30_000;

export const NOT_SET_UP =
  'Publishing is not set up: NETLIFY_BUILD_HOOK_URL is not set, so changes do not rebuild the public site.';

const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * The status the portal shows, from the publish record (what the publisher did) and the live build (what visitors
 * see): the live site's /build-info.json is the truth about which content is public.
 */
export async function readPublishStatus(
  deps: Pick<AppDeps, 'stores' | 'publisher'>,
  now: Date = new Date(),
): Promise<PublishStatus> {
  const quietMs = deps.publisher.quietMs ?? 0;
  const [record, contentVersion, live, pending] = await Promise.all([
    readRecord(deps.stores.meta),
    readContentVersion(deps.stores.meta),
    deps.publisher.liveBuild ? deps.publisher.liveBuild() : Promise.resolve(null),
    quietMs > 0 ? readPending(deps.stores.meta, quietMs) : Promise.resolve(null),
  ]);
  const mode = deps.publisher.mode ?? 'none';
  // Saved changes waiting for the quiet period are the news, whatever the previous build did: the admin is told
  // when they go live (a failed or running build is settled by the scheduled one).
  const scheduled = mode !== 'none' && pending !== null && (live === null || live.contentVersion < pending.version);
  const { state, lastError } =
    mode === 'none'
      ? { state: 'failed' as const, lastError: NOT_SET_UP }
      : scheduled
        ? { state: 'scheduled' as const, lastError: record.lastError }
        : deriveState(record, contentVersion ?? 0, live, mode === 'hook', now);
  return {
    mode,
    state,
    contentVersion: contentVersion ?? 0,
    builtVersion: live?.contentVersion ?? null,
    builtAt: live?.builtAt ?? null,
    lastError,
    lastTitle: record.lastTitle,
    requestedAt: record.requestedAt,
    startedAt: record.startedAt,
    finishedAt: state === 'up-to-date' && mode === 'hook' ? (live?.builtAt ?? record.finishedAt) : record.finishedAt,
    publishingSince: state === 'publishing' ? (record.publishingSince ?? record.requestedAt) : null,
    publishAt: state === 'scheduled' && pending ? pending.dueAt.toISOString() : null,
    quietSeconds: Math.round(quietMs / 1000),
    checkedAt: now.toISOString(),
  };
}

export function deriveState(
  record: PublishRecord,
  contentVersion: number,
  live: BuildInfo | null,
  hookMode: boolean,
  now: Date,
): { state: PublishState; lastError: string | null } {
  const liveIsCurrent = live !== null && live.contentVersion >= contentVersion;
  const liveBuiltAt = time(live?.builtAt ?? null);

  if (record.state === 'publishing') {
    // The local publisher knows exactly when its builds end. Netlify does not call back, so in hook mode a build
    // has gone live once the deployed build-info is from after the request and has at least the requested content.
    if (hookMode && live && live.contentVersion >= record.requestedVersion && liveBuiltAt >= time(record.requestedAt)) {
      return { state: liveIsCurrent ? 'up-to-date' : 'publishing', lastError: record.lastError };
    }
    if (hookMode && now.getTime() - time(record.requestedAt) > HOOK_STALE_MS) {
      return {
        state: 'failed',
        lastError:
          'No new deploy went live within 20 minutes of the build hook call. The deploy log in Netlify says why.',
      };
    }
    return { state: 'publishing', lastError: record.lastError };
  }

  if (record.state === 'failed') {
    // A later deploy with the current content (a git push, a build started in Netlify) settles an old failure.
    const settled = liveIsCurrent && liveBuiltAt > time(record.finishedAt);
    return { state: settled ? 'up-to-date' : 'failed', lastError: record.lastError };
  }

  if (liveIsCurrent) return { state: 'up-to-date', lastError: record.lastError };
  // Idle, yet the live site is behind: a request is on its way to the publisher, or the content changed without one
  // (a script wrote to the store). The first is brief; the second needs the admin to publish by hand.
  if (now.getTime() - time(record.requestedAt) < REQUEST_GRACE_MS) {
    return { state: 'publishing', lastError: record.lastError };
  }
  return {
    state: 'failed',
    lastError:
      live === null
        ? 'The live site has no build information, so it may be out of date. Publish now to rebuild it.'
        : 'The live site was built from older content and no build is running. Publish now to update it.',
  };
}
