// The backup zip's layout and the zod schemas that check what is read back from one (docs/backup.md, "Format").
// A zip is never trusted: every file's SHA-256 is checked against the manifest and every record against these.
import { z } from 'zod';

export const BACKUP_FORMAT = 'soul-guidance-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const contentFile = (name: string): string => `content/${name}.json`;
export const mediaFile = (key: string): string => `media/${key}`;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
/** A blob key of the media store: a media key, or a chunk's `media-chunks/<id>/<n>` (never `..`, never absolute). */
const blobKey = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/)
  .refine((key) => !key.includes('..'));

export const RawDocumentSchema = z.looseObject({ _id: z.string().regex(/^[0-9a-f]{24}$/) });
const CategoryListSchema = z.array(z.object({ name: z.string().min(1), hidden: z.boolean().optional() }));

const count = z.number().int().min(0);

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.iso.datetime(),
  counts: z.object({
    services: count,
    banners: count,
    testimonials: count,
    messages: count,
    trash: count,
    media: count,
  }),
  /** Every stored media blob: its key, its content type (kept as stored) and its size. */
  media: z.array(z.object({ key: blobKey, contentType: z.string().min(1), size: z.number().int().min(0) })),
  /** Every other file in the zip, by path, with its SHA-256. */
  files: z.record(z.string(), hex64),
});
export type BackupManifest = z.output<typeof ManifestSchema>;

const docs = z.array(RawDocumentSchema);
export const SnapshotFilesSchema = z.object({
  services: docs,
  banners: docs,
  testimonials: docs,
  messages: docs,
  trash: docs,
  settings: z.looseObject({}).nullable(),
  categories: CategoryListSchema.nullable(),
});

/** The name the browser saves a backup under. */
export function backupFilename(createdAt: Date): string {
  return `soul-guidance-backup-${createdAt.toISOString().slice(0, 10)}.zip`;
}
