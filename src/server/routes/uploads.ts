import { Hono } from 'hono';
import { ChunkIndexSchema, UploadCreateSchema } from '../../shared/schemas/upload';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { HttpError } from '../http/errors';
import { parseOrThrow, readJson } from '../http/validate';
import { abortUpload, commitUpload, putChunk, startUpload } from '../domain/uploads';
import { UPLOAD_CHUNK_BYTES } from '../../shared/constants';

/** Chunked media uploads (admin only): start, send chunks, commit or abort. */
export const uploadsRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .post('/', async (c) => {
    const data = await startUpload(c.var.deps, await readJson(c, UploadCreateSchema));
    return c.json({ success: true as const, data }, 201);
  })
  .put('/:uploadId/chunks/:index', async (c) => {
    const index = parseOrThrow(ChunkIndexSchema, c.req.param('index'));
    // Refuse an oversized chunk before reading it when its length is declared, and after reading otherwise.
    if (Number(c.req.header('content-length') ?? 0) > UPLOAD_CHUNK_BYTES) {
      throw new HttpError(413, `A chunk may be at most ${UPLOAD_CHUNK_BYTES} bytes`);
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > UPLOAD_CHUNK_BYTES) {
      throw new HttpError(413, `A chunk may be at most ${UPLOAD_CHUNK_BYTES} bytes`);
    }
    const data = await putChunk(c.var.deps, c.req.param('uploadId'), index, bytes);
    return c.json({ success: true as const, data });
  })
  .post('/:uploadId/commit', async (c) => {
    const data = await commitUpload(c.var.deps, c.req.param('uploadId'));
    return c.json({ success: true as const, data });
  })
  .delete('/:uploadId', async (c) => {
    await abortUpload(c.var.deps, c.req.param('uploadId'));
    return c.json({ success: true as const, message: 'Upload aborted' });
  });
