// Chunked media upload: large files go up in pieces small enough for a serverless request, then are committed.
import { ApiError } from './client';
import { uploads, type CommittedMedia, type UploadPurpose } from './endpoints';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** Whole percent, 0–100. */
  percent: number;
}

export interface ChunkedUploadOptions {
  purpose: UploadPurpose;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Tries per chunk, the first included. */
  attempts?: number;
  /** Wait before retry n (1-based) is `backoffMs * 3^(n-1)`: 0.5 s, then 1.5 s by default. */
  backoffMs?: number;
}

/** Browsers leave `type` empty for some files; the server decides by magic bytes anyway, this is only a hint. */
export function guessContentType(file: File): string {
  if (file.type) return file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const known: Record<string, string> = {
    mp4: 'video/mp4',
    m4v: 'video/mp4',
    webm: 'video/webm',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
    avif: 'image/avif',
    gif: 'image/gif',
  };
  return known[extension] ?? 'application/octet-stream';
}

/** Worth retrying: no reply at all, a server fault, or a throttle. A 4xx verdict will not change on retry. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.cancelled) return false;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      window.clearTimeout(timer);
      reject(new ApiError(0, 'Cancelled', null, {}, true));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Opens the upload session. The request itself is not cancelled: if it were, the server could still create the
 * session and the client would never learn its id to discard it. Instead a cancel rejects at once, and the session,
 * when it arrives, is aborted on the server.
 */
async function startSession(file: File, purpose: UploadPurpose, signal?: AbortSignal) {
  const starting = uploads.start(file.size, guessContentType(file), purpose).then((reply) => reply.data);
  if (!signal) return starting;
  const discardWhenOpen = () => {
    void starting.then((session) => uploads.abort(session.uploadId)).catch(() => undefined);
    return new ApiError(0, 'Cancelled', null, {}, true);
  };
  if (signal.aborted) throw discardWhenOpen();
  let onAbort = () => {};
  const cancelled = new Promise<never>((_, reject) => {
    onAbort = () => reject(discardWhenOpen());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([starting, cancelled]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Uploads `file` through POST /admin/uploads, PUT …/chunks/:index and POST …/commit, reporting real byte progress.
 * A failed chunk is retried (3 tries with backoff) before the error surfaces. On cancel or failure the upload is
 * aborted on the server so its chunks do not linger.
 */
export async function chunkedUpload(file: File, options: ChunkedUploadOptions): Promise<CommittedMedia> {
  const { signal } = options;
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const total = file.size;
  const report = (loaded: number) =>
    options.onProgress?.({
      loaded,
      total,
      percent: total === 0 ? 100 : Math.min(100, Math.floor((loaded / total) * 100)),
    });

  report(0);
  const session = await startSession(file, options.purpose, signal);
  try {
    let done = 0;
    for (let index = 0; index < session.chunkCount; index += 1) {
      const start = index * session.chunkSize;
      const piece = file.slice(start, Math.min(file.size, start + session.chunkSize));
      for (let attempt = 1; ; attempt += 1) {
        try {
          await uploads.chunk(session.uploadId, index, piece, (loaded) => report(done + loaded), signal);
          break;
        } catch (error) {
          if (attempt >= attempts || !isTransient(error)) throw error;
          report(done);
          await wait(backoffMs * 3 ** (attempt - 1), signal);
        }
      }
      done += piece.size;
      report(done);
    }
    const committed = (await uploads.commit(session.uploadId, signal)).data;
    report(total);
    return committed;
  } catch (error) {
    // Best effort: the server also expires abandoned uploads.
    void uploads.abort(session.uploadId).catch(() => undefined);
    throw error;
  }
}
