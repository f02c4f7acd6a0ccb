// Reading a backup zip back: everything is checked (manifest, every SHA-256, every record) before anything is
// written, so a damaged or altered zip is refused whole (docs/backup.md, "Restore").
import { unzipSync } from 'fflate';
import { sha256Hex } from '../media/objects';
import type { MediaStore } from '../media/types';
import {
  backupAccess,
  BACKUP_COLLECTIONS,
  type BackupCollection,
  type ContentSnapshot,
  type RawDocument,
} from '../stores/backup-access';
import type { Stores } from '../stores/types';
import {
  contentFile,
  MANIFEST_FILE,
  ManifestSchema,
  mediaFile,
  SnapshotFilesSchema,
  type BackupManifest,
} from './format';

export class BackupRejectedError extends Error {}

export interface VerifiedBackup {
  manifest: BackupManifest;
  snapshot: ContentSnapshot;
  media: { key: string; contentType: string; data: Uint8Array }[];
}

function parseJson(bytes: Uint8Array, path: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    throw new BackupRejectedError(`${path} is not valid JSON`);
  }
}

/** Opens and checks a backup zip; throws BackupRejectedError with one plain line when anything is wrong. */
export function verifyBackup(zip: Uint8Array): VerifiedBackup {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch {
    throw new BackupRejectedError('This file is not a readable zip (it may be damaged or incomplete)');
  }
  const manifestBytes = files[MANIFEST_FILE];
  if (!manifestBytes) throw new BackupRejectedError('This zip has no manifest.json: it is not a site backup');
  const parsed = ManifestSchema.safeParse(parseJson(manifestBytes, MANIFEST_FILE));
  if (!parsed.success) throw new BackupRejectedError('manifest.json is not a backup manifest this version can read');
  const manifest = parsed.data;

  const listed = new Set(Object.keys(manifest.files));
  for (const path of Object.keys(files)) {
    if (path !== MANIFEST_FILE && !listed.has(path)) throw new BackupRejectedError(`${path} is not in the manifest`);
  }
  for (const [path, expected] of Object.entries(manifest.files)) {
    const data = files[path];
    if (!data) throw new BackupRejectedError(`${path} is missing from the zip`);
    if (sha256Hex(data) !== expected) throw new BackupRejectedError(`${path} is damaged (its SHA-256 does not match)`);
  }

  const read = (name: string) => {
    const path = contentFile(name);
    const data = files[path];
    if (!data || !listed.has(path)) throw new BackupRejectedError(`${path} is missing from the zip`);
    return parseJson(data, path);
  };
  const raw = {
    ...Object.fromEntries(BACKUP_COLLECTIONS.map((name) => [name, read(name)])),
    settings: read('settings'),
    categories: read('categories'),
  };
  const content = SnapshotFilesSchema.safeParse(raw);
  if (!content.success) {
    const where = content.error.issues[0]?.path.join('.') ?? '';
    throw new BackupRejectedError(`The backup's content is not in the expected shape (at ${where})`);
  }
  // The checked values as read, not zod's copies: zod's output reorders keys, and the round trip is byte for byte.
  const data = raw as Record<BackupCollection, RawDocument[]> & { settings: unknown; categories: unknown };
  const collections = {} as Record<BackupCollection, RawDocument[]>;
  for (const name of BACKUP_COLLECTIONS) {
    collections[name] = data[name];
    if (manifest.counts[name] !== data[name].length) {
      throw new BackupRejectedError(
        `The manifest counts ${manifest.counts[name]} ${name}, the zip holds ${data[name].length}`,
      );
    }
  }
  if (manifest.counts.media !== manifest.media.length)
    throw new BackupRejectedError('The manifest media count is wrong');
  const media = manifest.media.map(({ key, contentType, size }) => {
    const bytes = files[mediaFile(key)];
    if (!bytes || !listed.has(mediaFile(key)) || bytes.byteLength !== size) {
      throw new BackupRejectedError(`${mediaFile(key)} is missing or has the wrong size`);
    }
    return { key, contentType, data: bytes };
  });
  return { manifest, snapshot: { collections, settings: data.settings, categories: data.categories }, media };
}

export interface RestoreProgress {
  (line: string): void;
}

/**
 * Writes a verified backup: media first (content-addressed, so writing one twice is harmless), then the content
 * in one step. Refuses a store that already holds content unless `force`.
 */
export async function restoreBackup(
  stores: Stores,
  media: MediaStore,
  backup: VerifiedBackup,
  options: { force?: boolean; progress?: RestoreProgress } = {},
): Promise<void> {
  const access = backupAccess(stores);
  if (!options.force && !(await access.isEmpty())) {
    throw new BackupRejectedError('The store already holds content; run again with --force to replace it');
  }
  const say = options.progress ?? (() => undefined);
  for (const [index, item] of backup.media.entries()) {
    await media.put(item.key, item.data, item.contentType);
    if ((index + 1) % 10 === 0 || index + 1 === backup.media.length) say(`media ${index + 1}/${backup.media.length}`);
  }
  await access.replace(backup.snapshot);
  for (const name of BACKUP_COLLECTIONS) say(`${name}: ${backup.snapshot.collections[name].length} records`);
  say(`settings: ${backup.snapshot.settings === null ? 'none' : 'restored'}`);
  say(`categories: ${backup.snapshot.categories === null ? 'defaults' : 'restored'}`);
}
