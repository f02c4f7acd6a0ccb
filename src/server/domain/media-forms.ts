// The steps the service and banner forms share: a record with one media field, saved from a multipart form
// (docs/decisions/004-multipart-contract.md).
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { HttpError, zodErrors } from '../http/errors';
import type { MultipartForm } from '../http/multipart';
import { recordContentChange } from './content-changes';
import { discardStoredFile, mediaChoice, releaseMediaIfUnused, type MediaChoice, type StoredFile } from './media';

/** Where a form carries its media, and the message when a new record comes without any. */
export interface MediaFormField {
  /** The multipart part with the file. */
  field: string;
  /** The fields that may carry a committed upload's URL, the first one sent wins. */
  urlFields: readonly string[];
  requiredMessage: string;
}

/**
 * Validates every form field at once with `schema`, plus the media rule the schema cannot see (required on create,
 * when `currentUrl` is null), so the admin sees all problems in one reply. Nothing is stored before this passes.
 */
export function validateMediaForm<T>(
  form: MultipartForm,
  schema: z.ZodType<T>,
  media: MediaFormField,
  currentUrl: string | null,
): { input: T; choice: MediaChoice } {
  const parsed = schema.safeParse(form.fields);
  const { message, errors } = parsed.success ? { message: undefined, errors: {} } : zodErrors(parsed.error);
  const url = media.urlFields.map((name) => form.fields[name]).find((value) => value !== undefined) ?? '';
  const choice = mediaChoice(form.files[media.field], url.trim(), currentUrl ?? undefined);
  const problems: Record<string, string> = { ...errors };
  if (currentUrl === null && choice.kind === 'keep') problems[media.field] ??= media.requiredMessage;
  if (!parsed.success || Object.keys(problems).length > 0) {
    throw new HttpError(400, message ?? media.requiredMessage, problems);
  }
  return { input: parsed.data, choice };
}

/**
 * Writes the record that points at the media this save stored. When the write fails, or an update finds no record
 * (deleted by someone else meanwhile: 404 with `notFoundMessage`), the stored file is discarded again.
 */
export async function saveWithMedia<T>(
  deps: AppDeps,
  stored: StoredFile | null,
  write: () => Promise<T | null>,
  notFoundMessage: string,
): Promise<T> {
  let saved: T | null;
  try {
    saved = await write();
  } catch (error) {
    await discardStoredFile(deps, stored);
    throw error;
  }
  if (saved === null) {
    await discardStoredFile(deps, stored);
    throw new HttpError(404, notFoundMessage);
  }
  return saved;
}

/**
 * After an update succeeded: media the record no longer points at goes once nothing else uses it, and the change is
 * recorded so the site republishes.
 */
export async function finishMediaUpdate(
  deps: AppDeps,
  media: { before: string; after: string },
  change: { kind: 'service' | 'banner'; title: string },
): Promise<void> {
  if (media.after !== media.before) await releaseMediaIfUnused(deps, media.before);
  await recordContentChange(deps, { ...change, action: 'updated' });
}
