import { z } from 'zod';

/**
 * What every build writes to /build-info.json: the content version it was built from, and when. The portal compares
 * it with the live content version to tell the admin whether the public site shows their latest change.
 */
export const BuildInfoSchema = z.object({
  contentVersion: z.number().int().min(0),
  builtAt: z.iso.datetime(),
});
export type BuildInfo = z.output<typeof BuildInfoSchema>;

/** How this deployment publishes: a local rebuild, a Netlify build hook, or not at all (no hook configured). */
export const PublishModeSchema = z.enum(['local', 'hook', 'none']);
export type PublishMode = z.output<typeof PublishModeSchema>;

/**
 * `scheduled`: changes are saved and waiting for the quiet period to pass before one build publishes them all
 * (docs/publishing.md, "One deploy per editing session").
 */
export const PublishStateSchema = z.enum(['up-to-date', 'scheduled', 'publishing', 'failed']);
export type PublishState = z.output<typeof PublishStateSchema>;

const timestamp = z.iso.datetime().nullable();

/** GET /api/admin/publish/status: `data`. */
export const PublishStatusSchema = z.object({
  mode: PublishModeSchema,
  state: PublishStateSchema,
  /** The content version in the store (raised by every change to a service or banner). */
  contentVersion: z.number().int().min(0),
  /** The content version the live site was built from; null when it cannot be read. */
  builtVersion: z.number().int().min(0).nullable(),
  builtAt: timestamp,
  /** Why the last publish failed (kept after a later success, for the record; shown only while failed). */
  lastError: z.string().nullable(),
  /** The title of the latest request, e.g. "Service updated: Tarot Reading". */
  lastTitle: z.string().nullable(),
  /** When the latest build was asked for. */
  requestedAt: timestamp,
  /** When the latest build started (local) or the build hook accepted it (Netlify). */
  startedAt: timestamp,
  /** When the latest build finished, successfully or not. */
  finishedAt: timestamp,
  /** Since when changes have been waiting for the live site (null unless publishing): the elapsed time shown. */
  publishingSince: timestamp,
  /** When the waiting changes are due to be published (null unless scheduled): the last change plus the quiet period. */
  publishAt: timestamp,
  /** The quiet period after the last change before a scheduled publish, in seconds (PUBLISH_QUIET_SECONDS). */
  quietSeconds: z.number().int().min(0),
  /** The server's clock when it answered: the portal measures the elapsed time against it, not its own clock. */
  checkedAt: z.iso.datetime(),
});
export type PublishStatus = z.output<typeof PublishStatusSchema>;
