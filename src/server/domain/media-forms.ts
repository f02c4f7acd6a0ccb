// The steps the service and banner forms share: a record with one media field, saved from a multipart form
// (docs/decisions/004-multipart-contract.md).
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { zodErrors } from '../http/errors';
import { Refusal } from '../refusal';
import { recordContentChange } from './content-changes';
import { discardStoredFile, mediaChoice, releaseMediaIfUnused, type MediaChoice, type StoredFile } from './media';

/**
 * A submitted form as the rules see it: text fields and files by name. How it arrived (multipart, in
 * src/server/http/multipart.ts) is the HTTP layer's business.
 */
export interface SubmittedForm {
  fields: Record<string, string>;
  files: Record<string, File>;
}

/** A kind of record with one media field, and where its form carries that media. */
export interface MediaRecord<T> {
  kind: 'service' | 'banner';
  /** The multipart part with the file. */
  field: string;
  /** The fields that may carry a committed upload's URL, the first one sent wins. */
  urlFields: readonly string[];
  /** The message when a new record comes without media. */
  requiredMessage: string;
  notFoundMessage: string;
  urlOf(record: T): string;
  titleOf(record: T): string;
}

/**
 * Validates every form field at once with `schema`, plus the media rule the schema cannot see (required on create,
 * when there is no `current` record), so the admin sees all problems in one reply. Nothing is stored before this
 * passes.
 */
export function validateMediaForm<T, I>(
  form: SubmittedForm,
  schema: z.ZodType<I>,
  media: MediaRecord<T>,
  current: T | null,
): { input: I; choice: MediaChoice } {
  const parsed = schema.safeParse(form.fields);
  const { message, errors } = parsed.success ? { message: undefined, errors: {} } : zodErrors(parsed.error);
  const url = media.urlFields.map((name) => form.fields[name]).find((value) => value !== undefined) ?? '';
  const choice = mediaChoice(form.files[media.field], url.trim(), current ? media.urlOf(current) : undefined);
  const problems: Record<string, string> = { ...errors };
  if (!current && choice.kind === 'keep') problems[media.field] ??= media.requiredMessage;
  if (!parsed.success || Object.keys(problems).length > 0) {
    throw new Refusal('invalid', message ?? media.requiredMessage, problems);
  }
  return { input: parsed.data, choice };
}

/**
 * Writes the record that points at the media this save stored: a new one, or an update of `current`. When the write
 * fails, or an update finds no record (deleted by someone else meanwhile: 404), the stored file is discarded again.
 * After an update, media the record no longer points at goes once nothing else uses it; either way the change is
 * recorded so the site republishes.
 */
export async function saveWithMedia<T>(
  deps: AppDeps,
  media: MediaRecord<T>,
  { stored, current }: { stored: StoredFile | null; current: T | null },
  write: () => Promise<T | null>,
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
    throw new Refusal('not-found', media.notFoundMessage);
  }
  if (current && media.urlOf(saved) !== media.urlOf(current)) await releaseMediaIfUnused(deps, media.urlOf(current));
  await recordContentChange(deps, {
    kind: media.kind,
    action: current ? 'updated' : 'created',
    title: media.titleOf(saved),
  });
  return saved;
}
