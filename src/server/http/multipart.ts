import type { Context } from 'hono';
import { HttpError } from './errors';

export interface MultipartForm {
  /** Text parts by name. */
  fields: Record<string, string>;
  /** File parts by name (only the names the caller allows; an empty file input counts as absent). */
  files: Record<string, File>;
}

export interface MultipartOptions {
  /** Part names that may carry a file. */
  fileFields: readonly string[];
  /** A real form has a few dozen fields; anything far beyond is abuse. */
  maxParts?: number;
  /** Refuse bodies above this before parsing (the platform refuses over 6 MB anyway). */
  maxBytes?: number;
}

const DEFAULT_MAX_PARTS = 60;
const DEFAULT_MAX_BYTES = 6 * 1024 * 1024;

/**
 * Reads a multipart/form-data body into text fields and files, turning every malformed shape into a clear 4xx:
 * another content type (415), no boundary, a truncated or garbled body, too many parts, a field sent twice, a file
 * in a text field (400), or a body too large (413). File names are never used for anything.
 */
export async function readMultipart(c: Context, options: MultipartOptions): Promise<MultipartForm> {
  const contentType = c.req.header('content-type') ?? '';
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType !== 'multipart/form-data') {
    throw new HttpError(415, 'Send the form as multipart/form-data');
  }
  if (!/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(contentType)) {
    throw new HttpError(400, 'The multipart form has no boundary');
  }
  const declaredLength = Number(c.req.header('content-length') ?? 0);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (declaredLength > maxBytes) {
    throw new HttpError(413, 'The form is too large. Large media must be uploaded in chunks.');
  }

  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new HttpError(400, 'The form data could not be read: it is malformed or incomplete');
  }

  const maxParts = options.maxParts ?? DEFAULT_MAX_PARTS;
  const fields: Record<string, string> = {};
  const files: Record<string, File> = {};
  const seen = new Set<string>();
  let parts = 0;
  let bytes = 0;
  for (const [name, value] of form.entries()) {
    parts += 1;
    if (parts > maxParts) throw new HttpError(400, `The form has too many parts (at most ${maxParts})`);
    if (seen.has(name)) throw new HttpError(400, `The form field "${safeName(name)}" was sent more than once`);
    seen.add(name);
    if (typeof value === 'string') {
      bytes += value.length;
      fields[name] = value;
      continue;
    }
    bytes += value.size;
    if (!options.fileFields.includes(name)) {
      throw new HttpError(400, `The form field "${safeName(name)}" must be text, not a file`);
    }
    // A browser sends an empty file input as a nameless, empty part: that means "no new file".
    if (value.size > 0 || value.name !== '') files[name] = value;
  }
  if (bytes > maxBytes) throw new HttpError(413, 'The form is too large. Large media must be uploaded in chunks.');
  return { fields, files };
}

/** Field names are echoed in messages: keep them short and printable. */
function safeName(name: string): string {
  return name.replace(/[^\w.[\]-]/g, '?').slice(0, 40);
}
