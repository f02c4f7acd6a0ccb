import { BANNER_MESSAGES } from '../../shared/messages';
import { BannerInputSchema, type BannerInput, type StoredBanner } from '../../shared/schemas/banner';
import type { AppDeps } from '../deps';
import { HttpError, zodErrors } from '../http/errors';
import type { MultipartForm } from '../http/multipart';
import { isId } from '../stores/ids';
import { recordContentChange } from './content-changes';
import { moveToTrash } from './trash';
import { applyMediaChoice, discardStoredFile, mediaChoice, releaseMediaIfUnused, type MediaChoice } from './media';

/** The file part of the banner form (docs/product-rules.md, "Calls"). */
export const BANNER_MEDIA_FIELD = 'media';
export { BANNER_MESSAGES };
export const BANNER_MEDIA_REQUIRED_MESSAGE = BANNER_MESSAGES.mediaRequired;

function validateBannerForm(
  form: MultipartForm,
  current: StoredBanner | null,
): { input: BannerInput; media: MediaChoice } {
  const parsed = BannerInputSchema.safeParse(form.fields);
  const { message, errors } = parsed.success ? { message: undefined, errors: {} } : zodErrors(parsed.error);
  const file = form.files[BANNER_MEDIA_FIELD];
  const url = (form.fields['mediaUrl'] ?? '').trim();
  const media = mediaChoice(file, url, current?.mediaUrl);
  const problems: Record<string, string> = { ...errors };
  if (!current && media.kind === 'keep') problems[BANNER_MEDIA_FIELD] ??= BANNER_MEDIA_REQUIRED_MESSAGE;
  if (!parsed.success || Object.keys(problems).length > 0) {
    throw new HttpError(400, message ?? BANNER_MEDIA_REQUIRED_MESSAGE, problems);
  }
  return { input: parsed.data, media };
}

/** The declared `mediaType` is ignored: the stored file's bytes decide between image and video. */
const applyMedia = (deps: AppDeps, choice: MediaChoice) =>
  applyMediaChoice(deps, choice, ['image', 'video'], 'mediaUrl');

/** The stored fields of a form; an absent order keeps the banner's place (docs/admin.md, "Order on the site"). */
function fieldsOf(input: BannerInput) {
  const { mediaType: _declared, mediaUrl: _url, order, ...fields } = input;
  return { ...fields, ...(order !== undefined ? { order } : {}) };
}

export async function createBanner(deps: AppDeps, form: MultipartForm): Promise<StoredBanner> {
  const { input, media } = validateBannerForm(form, null);
  const { ref, stored } = await applyMedia(deps, media);
  if (!ref)
    throw new HttpError(400, BANNER_MEDIA_REQUIRED_MESSAGE, { [BANNER_MEDIA_FIELD]: BANNER_MEDIA_REQUIRED_MESSAGE });
  let banner: StoredBanner;
  try {
    banner = await deps.stores.banners.create({ ...fieldsOf(input), mediaType: ref.kind, mediaUrl: ref.url });
  } catch (error) {
    await discardStoredFile(deps, stored);
    throw error;
  }
  await recordContentChange(deps, { kind: 'banner', action: 'created', title: banner.title });
  return banner;
}

export async function updateBanner(deps: AppDeps, id: string, form: MultipartForm): Promise<StoredBanner> {
  const current = isId(id) ? await deps.stores.banners.get(id) : null;
  if (!current) throw new HttpError(404, BANNER_MESSAGES.notFound);
  const { input, media } = validateBannerForm(form, current);
  const { ref, stored } = await applyMedia(deps, media);
  let updated: StoredBanner | null;
  try {
    updated = await deps.stores.banners.update(id, {
      ...fieldsOf(input),
      ...(ref ? { mediaType: ref.kind, mediaUrl: ref.url } : {}),
    });
  } catch (error) {
    await discardStoredFile(deps, stored);
    throw error;
  }
  if (!updated) {
    await discardStoredFile(deps, stored);
    throw new HttpError(404, BANNER_MESSAGES.notFound);
  }
  if (updated.mediaUrl !== current.mediaUrl) await releaseMediaIfUnused(deps, current.mediaUrl);
  await recordContentChange(deps, { kind: 'banner', action: 'updated', title: updated.title });
  return updated;
}

/** Moves the banner to the trash (docs/admin.md, "Trash and undo"); its media stay until it is deleted for good. */
export async function deleteBanner(deps: AppDeps, id: string): Promise<void> {
  const trashed = isId(id) ? await moveToTrash(deps, 'banner', id) : null;
  if (!trashed) throw new HttpError(404, BANNER_MESSAGES.notFound);
}
