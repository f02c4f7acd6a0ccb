import { z } from 'zod';
import { BANNER_MEDIA_TYPES, IMAGE_MIME_TYPES, LIMITS, UPLOAD_CHUNK_BYTES, VIDEO_MIME_TYPES } from '../constants';
import { IdSchema } from './common';
import { BANNER_VIDEO_MAX_BYTES, VIDEO_TOO_LARGE_MESSAGE } from '../constants-video';

// Chunked media uploads (POST /api/admin/uploads …): the admin sends large files in UPLOAD_CHUNK_BYTES pieces,
// because one Netlify function request carries at most about 4.5 MB of binary data.

export const UPLOAD_PURPOSES = ['banner', 'service'] as const;
export const UploadPurposeSchema = z.enum(UPLOAD_PURPOSES, { error: 'Purpose must be banner or service' });

/**
 * Images are fetched without byte ranges (browsers only ask videos for ranges), so an image is always sent in one
 * response; Netlify streams a function response up to 20 MB. Videos may use the whole banner limit (50 MB).
 */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;

/** A file sent directly in a service or banner form part; larger files go through a chunked upload. */
export const DIRECT_FILE_MAX_BYTES = UPLOAD_CHUNK_BYTES;

export const ACCEPTED_MEDIA_TYPES = [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES] as const;

export const UNSUPPORTED_MEDIA_MESSAGE =
  'Only JPEG, PNG, WebP, AVIF or GIF images and MP4 or WebM videos can be uploaded';
export const MEDIA_TOO_LARGE_MESSAGE = `Media must be at most ${LIMITS.bannerMediaBytes / (1024 * 1024)} MB`;
export const IMAGE_TOO_LARGE_MESSAGE = `Images must be at most ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`;
export const NOT_AN_IMAGE_MESSAGE = 'Please choose an image file (JPEG, PNG, WebP, AVIF or GIF)';

export type MediaKind = (typeof BANNER_MEDIA_TYPES)[number];

/**
 * What is wrong with a file picked for a media field that takes `kinds`, judged from what the browser says of it
 * (type and size), before a byte is sent; null when nothing is. The server checks the bytes again when they arrive.
 */
export function pickedFileProblem(file: { type: string; size: number }, kinds: readonly MediaKind[]): string | null {
  const kind = file.type.startsWith('image/') ? 'image' : file.type.startsWith('video/') ? 'video' : null;
  if (kind === null || !kinds.includes(kind)) {
    return kinds.includes('video') ? UNSUPPORTED_MEDIA_MESSAGE : NOT_AN_IMAGE_MESSAGE;
  }
  if (kinds.includes('video') && file.size > LIMITS.bannerMediaBytes) return MEDIA_TOO_LARGE_MESSAGE;
  if (kind === 'image' && file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  if (kind === 'video' && file.size > BANNER_VIDEO_MAX_BYTES) return VIDEO_TOO_LARGE_MESSAGE;
  return null;
}

/**
 * Starting an upload. `contentType` is what the browser says (File.type, possibly empty); the server decides the
 * real type from the bytes at commit and only uses this to refuse obviously wrong files early.
 */
export const UploadCreateSchema = z.strictObject({
  size: z
    .number({ error: 'Size must be a number of bytes' })
    .int({ error: 'Size must be a whole number of bytes' })
    .min(1, { error: 'The file is empty' })
    .max(LIMITS.bannerMediaBytes, { error: MEDIA_TOO_LARGE_MESSAGE }),
  contentType: z.string({ error: 'Content type must be text' }).trim().toLowerCase().max(255).default(''),
  purpose: UploadPurposeSchema.default('banner'),
});
export type UploadCreateInput = z.input<typeof UploadCreateSchema>;

export const UploadSessionSchema = z.object({
  uploadId: IdSchema,
  chunkSize: z.number().int(),
  chunkCount: z.number().int(),
});
export type UploadSession = z.output<typeof UploadSessionSchema>;

export const UploadChunkResultSchema = z.object({
  /** Chunks stored so far (a retried chunk counts once). */
  received: z.number().int(),
  chunkCount: z.number().int(),
});
export type UploadChunkResult = z.output<typeof UploadChunkResultSchema>;

export const CommittedMediaSchema = z.object({
  /** '/media/<key>': put it in a service's `image` or a banner's `mediaUrl` field. */
  mediaUrl: z.string(),
  mediaType: z.enum(BANNER_MEDIA_TYPES),
  contentType: z.string(),
  size: z.number().int(),
});
export type CommittedMedia = z.output<typeof CommittedMediaSchema>;

/** Chunk index in `PUT /api/admin/uploads/{uploadId}/chunks/{index}`. */
export const ChunkIndexSchema = z.coerce
  .number({ error: 'Chunk index must be a whole number' })
  .int({ error: 'Chunk index must be a whole number' })
  .min(0, { error: 'Chunk index must be 0 or more' })
  .max(1_000, { error: 'Chunk index is too large' });

/** How many chunks a file of `size` bytes needs. */
export function chunkCountFor(size: number, chunkSize = UPLOAD_CHUNK_BYTES): number {
  return Math.max(1, Math.ceil(size / chunkSize));
}
