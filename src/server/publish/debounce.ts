import { readContentVersion } from '../stores/content-version';
import type { MetaStore, ScheduleStore } from '../stores/types';
import { DeadlineError, withDeadline } from './deadline';
import { readRecord } from './record';
import { buildTitle, type Publisher, type PublishRequest } from './types';

/**
 * One deploy per editing session (docs/publishing.md): a change only marks the site as having unpublished changes;
 * one build publishes them all once the last change is older than the quiet period. On Netlify the scheduled
 * function (netlify/functions/publish-scheduled.mts) checks every minute; under `npm start` a timer does.
 */

/** Meta key of the latest change: when, and its title (the scheduled build's title names it). */
export const LAST_CHANGE_KEY = 'publish:lastChange';

export interface LastChange {
  at: string;
  title: string;
}

/** What is waiting for the next scheduled build, or null when the live site already has every change asked for. */
export interface PendingChanges {
  /** The content version the scheduled build will publish (at least). */
  version: number;
  /** How many content versions since the last build request. */
  count: number;
  last: LastChange;
  /** When the quiet period after the last change ends. */
  dueAt: Date;
}

/**
 * Changes are pending when the content moved past the highest version a build was asked for, and a change was
 * recorded through the portal. Versions come from the store's atomic counter, so a save that races a scheduled
 * publish stays pending for the next one: a change is never dropped, at worst it costs one more build.
 */
export async function readPending(meta: MetaStore, quietMs: number): Promise<PendingChanges | null> {
  const [record, version, last] = await Promise.all([
    readRecord(meta),
    readContentVersion(meta),
    meta.get<LastChange>(LAST_CHANGE_KEY),
  ]);
  const current = version ?? 0;
  if (!last || current <= record.requestedVersion) return null;
  const lastAt = Date.parse(last.at);
  if (Number.isNaN(lastAt)) return null;
  return { version: current, count: current - record.requestedVersion, last, dueAt: new Date(lastAt + quietMs) };
}

export type ScheduledOutcome =
  | { action: 'nothing' }
  | { action: 'waiting'; dueAt: Date }
  | { action: 'already-live' }
  | { action: 'published'; title: string; version: number }
  /** An offer or banner window opened or closed since the last build (docs/schedules.md). */
  | { action: 'window'; title: string; boundary: string }
  /** The run's budget (deadline.ts) ran out: nothing was recorded as requested, the next run tries again. */
  | { action: 'timed-out' };

/** The longest a local timer waits for a window before looking again (setTimeout's own limit is about 24 days). */
export const WINDOW_TIMER_MAX_MS = 60 * 60_000;

/** The build's title for a window that opened or closed: Netlify shows it as the deploy message. */
export function windowTitle(boundary: Date): string {
  return `Scheduled: an offer or banner window opened or closed (${boundary.toISOString().slice(0, 16)}Z)`;
}

export interface DebouncedPublisherOptions {
  /** Publishes at once: the build hook or the local build. */
  inner: Publisher;
  meta: MetaStore;
  /** PUBLISH_QUIET_SECONDS in ms. 0: every change publishes at once (no debounce). */
  quietMs: number;
  now?: () => Date;
  /**
   * Under `npm start`: arm a timer after each change so the publish happens in this process. The Netlify function
   * passes false: it may be frozen as soon as it answers, so the scheduled function does the checking.
   */
  timers?: boolean | { set: (run: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
  log?: (line: string) => void;
  /**
   * Where offer and banner windows are (the store). With it, a check with no changes waiting also builds once a window
   * has opened or closed since the last build, and the local timer wakes for the next one (docs/schedules.md).
   */
  schedule?: ScheduleStore;
}

export interface DebouncedPublisher extends Publisher {
  readonly quietMs: number;
  /**
   * Publishes the waiting changes if the quiet period has passed (the scheduled function's whole job). `signal` is
   * the run's deadline: every store read, the hook call and the record write end by it.
   */
  publishIfQuiet(signal?: AbortSignal): Promise<ScheduledOutcome>;
  /** Disarms the timer (server shutdown). */
  stop(): void;
}

/** The scheduled build's title: "Scheduled: 3 changes, last Service updated: Tarot Reading". */
export function scheduledTitle(pending: PendingChanges): string {
  const changes = pending.count === 1 ? '1 change' : `${pending.count} changes`;
  return `Scheduled: ${changes}, last ${pending.last.title}`;
}

export function createDebouncedPublisher(options: DebouncedPublisherOptions): DebouncedPublisher {
  const { inner, meta, quietMs } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(line));
  const timers =
    options.timers === true
      ? {
          set: (run: () => void, ms: number) => {
            const handle = setTimeout(run, ms);
            // A pending publish must not keep a finished process (a test, a script) alive.
            handle.unref();
            return handle;
          },
          clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        }
      : options.timers || null;
  let timer: unknown = null;
  let stopped = false;
  // One check at a time in this process: two timers firing together must not start two builds.
  let running: Promise<ScheduledOutcome> | null = null;

  const arm = (ms: number) => {
    if (!timers || stopped) return;
    if (timer !== null) timers.clear(timer);
    timer = timers.set(
      () => {
        timer = null;
        void publishIfQuiet().catch((error: unknown) =>
          log(`[publish] scheduled publish failed: ${error instanceof Error ? error.message : String(error)}`),
        );
      },
      Math.max(0, ms),
    );
  };

  /** The next window boundary after the last build: the later of the last build request and the live build. */
  async function dueWindow(at: Date, signal?: AbortSignal): Promise<Date | null> {
    if (!options.schedule) return null;
    const record = await withDeadline(readRecord(meta), signal);
    const requestedAt = record.requestedAt ? Date.parse(record.requestedAt) : Number.NaN;
    // Cheap first: the store alone. The live build (an HTTP read on Netlify) is asked only when a boundary seems due.
    let since = Number.isNaN(requestedAt) ? null : new Date(requestedAt);
    let boundary = since ? await withDeadline(options.schedule.nextBoundary(since), signal) : null;
    if (since && (!boundary || boundary > at)) return null;
    const live = inner.liveBuild ? await withDeadline(inner.liveBuild(), signal) : null;
    const builtAt = live ? Date.parse(live.builtAt) : Number.NaN;
    if (!Number.isNaN(builtAt) && (!since || builtAt > since.getTime())) {
      since = new Date(builtAt);
      boundary = await withDeadline(options.schedule.nextBoundary(since), signal);
    }
    // No build known at all: nothing to compare with, and the first change or 'Publish now' will build.
    if (!since) return null;
    return boundary && boundary <= at ? boundary : null;
  }

  /** Under `npm start`: wake at the next boundary after now (at most an hour ahead, then look again). */
  async function armForWindow(at: Date): Promise<void> {
    if (!timers || !options.schedule) return;
    const next = await options.schedule.nextBoundary(at);
    if (next) arm(Math.min(next.getTime() - at.getTime(), WINDOW_TIMER_MAX_MS));
  }

  async function checkWindows(signal?: AbortSignal): Promise<ScheduledOutcome> {
    const at = now();
    const boundary = await dueWindow(at, signal);
    if (boundary) {
      const title = windowTitle(boundary);
      const version = await withDeadline(readContentVersion(meta), signal);
      await inner.contentChanged({ kind: 'manual', title, version }, { signal });
      await armForWindow(at);
      return { action: 'window', title, boundary: boundary.toISOString() };
    }
    await armForWindow(at);
    return { action: 'nothing' };
  }

  async function check(signal?: AbortSignal): Promise<ScheduledOutcome> {
    const pending = await withDeadline(readPending(meta, quietMs), signal);
    if (!pending) return checkWindows(signal);
    const at = now();
    if (at < pending.dueAt) {
      arm(pending.dueAt.getTime() - at.getTime());
      return { action: 'waiting', dueAt: pending.dueAt };
    }
    // A deploy that did not come through the publisher (a git push) may already carry this content: no build.
    const live = inner.liveBuild ? await withDeadline(inner.liveBuild(), signal) : null;
    if (live && live.contentVersion >= pending.version) {
      const windowed = await checkWindows(signal);
      return windowed.action === 'window' ? windowed : { action: 'already-live' };
    }
    const title = scheduledTitle(pending);
    await inner.contentChanged({ kind: 'manual', title, version: pending.version }, { signal });
    if (signal?.aborted) return { action: 'timed-out' };
    await armForWindow(at);
    return { action: 'published', title, version: pending.version };
  }

  function publishIfQuiet(signal?: AbortSignal): Promise<ScheduledOutcome> {
    running ??= check(signal)
      .catch((error: unknown) => {
        if (error instanceof DeadlineError) return { action: 'timed-out' } as const;
        throw error;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const publisher: DebouncedPublisher = {
    ...(inner.mode ? { mode: inner.mode } : {}),
    quietMs,
    async contentChanged(request: PublishRequest) {
      if (request.kind === 'manual' || quietMs === 0) {
        await inner.contentChanged(request);
        return;
      }
      try {
        await meta.set(LAST_CHANGE_KEY, { at: now().toISOString(), title: buildTitle(request) } satisfies LastChange);
      } catch (error) {
        // Like a failed hook call, this must not fail the admin's save; the status shows the site as behind.
        log(`[publish] could not record the change: ${error instanceof Error ? error.message : String(error)}`);
      }
      arm(quietMs);
    },
    publishIfQuiet,
    stop() {
      stopped = true;
      if (timers && timer !== null) timers.clear(timer);
      timer = null;
    },
  };
  if (inner.liveBuild) publisher.liveBuild = inner.liveBuild.bind(inner);
  return publisher;
}
