// The automatic weekly backup (docs/backup.md, "Weekly backups"): a JSON snapshot per week in a Blobs store of its
// own, with the media copied in once under their own keys. Media keys are derived from the content, so a key that
// is already there holds the same bytes and is never copied again; that keeps a run well inside 30 seconds.
import { z } from 'zod';
import type { MediaStore } from '../media/types';
import { backupAccess } from '../stores/backup-access';
import type { Stores } from '../stores/types';
import { backupZipStream, mediaBlobsFor, type BlobInfo } from './export';
import { RawDocumentSchema } from './format';

/** How many weekly backups are kept; older ones are deleted by the run that makes the ninth. */
export const WEEKLY_KEEP = 8;
export const BACKUPS_STORE = 'backups';
const SNAPSHOTS = 'snapshots/';
const MEDIA = 'media/';
const JSON_TYPE = 'application/json';

const docs = z.array(RawDocumentSchema);
const StoredSnapshotSchema = z.object({
  createdAt: z.iso.datetime(),
  /** Bytes of the snapshot plus its media: about what a download of it weighs. */
  size: z.number().int().min(0),
  snapshot: z.object({
    collections: z.object({ services: docs, banners: docs, testimonials: docs, messages: docs, trash: docs }),
    settings: z.unknown(),
    categories: z.unknown(),
  }),
  media: z.array(z.object({ key: z.string().min(1), contentType: z.string().min(1), size: z.number().int().min(0) })),
});
type StoredSnapshot = z.output<typeof StoredSnapshotSchema>;

export interface WeeklyBackupSummary {
  id: string;
  createdAt: string;
  size: number;
}

export interface WeeklyRunResult extends WeeklyBackupSummary {
  copied: number;
  alreadyThere: number;
  deleted: string[];
}

/** `2026-11-27T01-44-00-000Z`: sorts as time does and is a plain blob key. */
const idFor = (date: Date) => date.toISOString().replace(/[:.]/g, '-');
const ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

async function readSnapshot(backups: MediaStore, id: string): Promise<StoredSnapshot | null> {
  if (!ID.test(id)) return null;
  const stored = await backups.get(`${SNAPSHOTS}${id}.json`);
  if (!stored) return null;
  const raw: unknown = JSON.parse(new TextDecoder().decode(stored.data));
  // Checked, then used as read: zod's copy would reorder each record's keys.
  return StoredSnapshotSchema.safeParse(raw).success ? (raw as StoredSnapshot) : null;
}

async function snapshotIds(backups: MediaStore): Promise<string[]> {
  const keys = await backups.list(SNAPSHOTS);
  return keys
    .map((key) => key.slice(SNAPSHOTS.length).replace(/\.json$/, ''))
    .filter((id) => ID.test(id))
    .sort()
    .reverse();
}

export async function runWeeklyBackup(
  stores: Stores,
  media: MediaStore,
  backups: MediaStore,
  now = new Date(),
): Promise<WeeklyRunResult> {
  const snapshot = await backupAccess(stores).read();
  const blobs = await mediaBlobsFor(media, snapshot);
  let copied = 0;
  let alreadyThere = 0;
  for (const blob of blobs) {
    if (await backups.stat(`${MEDIA}${blob.key}`)) {
      alreadyThere += 1;
      continue;
    }
    const stored = await media.get(blob.key);
    if (!stored) continue;
    await backups.put(`${MEDIA}${blob.key}`, stored.data, stored.contentType);
    copied += 1;
  }
  const body = { createdAt: now.toISOString(), snapshot, media: blobs };
  const json = JSON.stringify(body);
  const size = json.length + blobs.reduce((sum, blob) => sum + blob.size, 0);
  const id = idFor(now);
  await backups.put(`${SNAPSHOTS}${id}.json`, new TextEncoder().encode(JSON.stringify({ ...body, size })), JSON_TYPE);

  // Keep the newest eight; then drop media no kept snapshot needs any more.
  const ids = await snapshotIds(backups);
  const deleted = ids.slice(WEEKLY_KEEP);
  for (const old of deleted) await backups.delete(`${SNAPSHOTS}${old}.json`);
  if (deleted.length > 0) {
    const needed = new Set<string>();
    for (const kept of ids.slice(0, WEEKLY_KEEP)) {
      for (const blob of (await readSnapshot(backups, kept))?.media ?? []) needed.add(`${MEDIA}${blob.key}`);
    }
    for (const key of await backups.list(MEDIA)) if (!needed.has(key)) await backups.delete(key);
  }
  return { id, createdAt: body.createdAt, size, copied, alreadyThere, deleted };
}

/** The stored weekly backups, newest first. */
export async function listWeeklyBackups(backups: MediaStore): Promise<WeeklyBackupSummary[]> {
  const out: WeeklyBackupSummary[] = [];
  for (const id of await snapshotIds(backups)) {
    const stored = await readSnapshot(backups, id);
    if (stored) out.push({ id, createdAt: stored.createdAt, size: stored.size });
  }
  return out;
}

/** One weekly backup as the same zip a download gives, read from the backup store; null when there is none. */
export async function weeklyBackupZip(
  backups: MediaStore,
  id: string,
): Promise<{ createdAt: Date; body: ReadableStream<Uint8Array> } | null> {
  const stored = await readSnapshot(backups, id);
  if (!stored) return null;
  const createdAt = new Date(stored.createdAt);
  const blobs: BlobInfo[] = stored.media;
  const body = backupZipStream(
    stored.snapshot,
    async (key) => (await backups.get(`${MEDIA}${key}`))?.data ?? null,
    blobs,
    createdAt,
  );
  return { createdAt, body };
}
