import type { PublishMode } from '../../shared/schemas/publish';
import type { MetaStore } from '../stores/types';

/** The meta key holding the publish record. */
export const PUBLISH_RECORD_KEY = 'publish';

/**
 * What publishers write to the store, so every serverless instance (and the status route) sees the same thing.
 * `state` is the publisher's own view; the status route combines it with the live build (status.ts).
 */
export interface PublishRecord {
  mode: PublishMode;
  state: 'idle' | 'publishing' | 'failed';
  /** The highest content version a build was asked for. */
  requestedVersion: number;
  requestedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Set when the state left 'idle' or 'failed' for 'publishing'; the portal's elapsed time counts from here. */
  publishingSince: string | null;
  lastError: string | null;
  lastTitle: string | null;
  /** Local builds started since the data folder was created (the coalescing test counts them). */
  buildCount: number;
  /** Duration of the last finished local build. */
  lastBuildMs: number | null;
}

export const EMPTY_RECORD: PublishRecord = {
  mode: 'none',
  state: 'idle',
  requestedVersion: 0,
  requestedAt: null,
  startedAt: null,
  finishedAt: null,
  publishingSince: null,
  lastError: null,
  lastTitle: null,
  buildCount: 0,
  lastBuildMs: null,
};

export async function readRecord(meta: MetaStore): Promise<PublishRecord> {
  const stored = await meta.get<Partial<PublishRecord>>(PUBLISH_RECORD_KEY);
  // Spread over the defaults: a record written by an older version of this code may lack newer fields.
  return { ...EMPTY_RECORD, ...(stored ?? {}) };
}

const queues = new WeakMap<MetaStore, Promise<unknown>>();

/**
 * Read-modify-write of the record, one at a time per store in this process: the local publisher's build loop and
 * a new request must not overwrite each other's fields. Across serverless instances (hook mode) the last write wins;
 * each such write is a complete "requested" or "hook failed" step, so nothing half-done is left behind.
 */
export function updateRecord(
  meta: MetaStore,
  change: (record: PublishRecord) => PublishRecord,
): Promise<PublishRecord> {
  const previous = queues.get(meta) ?? Promise.resolve();
  const next = previous
    .catch(() => undefined)
    .then(async () => {
      const updated = change(await readRecord(meta));
      await meta.set(PUBLISH_RECORD_KEY, updated);
      return updated;
    });
  queues.set(meta, next);
  return next;
}

/** The record after a new request: publishing, asking for at least `version`. */
export function requested(
  record: PublishRecord,
  request: { mode: PublishMode; version: number; title: string; at: Date },
): PublishRecord {
  const at = request.at.toISOString();
  return {
    ...record,
    mode: request.mode,
    state: 'publishing',
    requestedVersion: Math.max(record.requestedVersion, request.version),
    requestedAt: at,
    publishingSince: record.state === 'publishing' ? (record.publishingSince ?? at) : at,
    lastTitle: request.title,
  };
}
