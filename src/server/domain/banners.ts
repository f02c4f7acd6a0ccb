import { BANNER_MESSAGES } from '../../shared/messages';
import { BannerInputSchema, type BannerInput, type StoredBanner } from '../../shared/schemas/banner';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import { isId } from '../stores/ids';
import { moveToTrashOr404 } from './trash';
import { applyMediaChoice, type MediaChoice } from './media';
import { saveWithMedia, validateMediaForm, type MediaRecord, type SubmittedForm } from './media-forms';

/** The file part of the banner form (docs/product-rules.md, "Calls"). */
export const BANNER_MEDIA_FIELD = 'media';
export { BANNER_MESSAGES };
export const BANNER_MEDIA_REQUIRED_MESSAGE = BANNER_MESSAGES.mediaRequired;

const BANNER_MEDIA: MediaRecord<StoredBanner> = {
  kind: 'banner',
  field: BANNER_MEDIA_FIELD,
  urlFields: ['mediaUrl'],
  requiredMessage: BANNER_MEDIA_REQUIRED_MESSAGE,
  notFoundMessage: BANNER_MESSAGES.notFound,
  urlOf: (banner) => banner.mediaUrl,
  titleOf: (banner) => banner.title,
};

/** The declared `mediaType` is ignored: the stored file's bytes decide between image and video. */
const applyMedia = (deps: AppDeps, choice: MediaChoice) =>
  applyMediaChoice(deps, choice, ['image', 'video'], 'mediaUrl');

/** The stored fields of a form; an absent order keeps the banner's place (docs/admin.md, "Order on the site"). */
function fieldsOf(input: BannerInput) {
  const { mediaType: _declared, mediaUrl: _url, order, ...fields } = input;
  return { ...fields, ...(order !== undefined ? { order } : {}) };
}

export async function createBanner(deps: AppDeps, form: SubmittedForm): Promise<StoredBanner> {
  const { input, choice } = validateMediaForm(form, BannerInputSchema, BANNER_MEDIA, null);
  const { ref, stored } = await applyMedia(deps, choice);
  if (!ref)
    throw new Refusal('invalid', BANNER_MEDIA_REQUIRED_MESSAGE, {
      [BANNER_MEDIA_FIELD]: BANNER_MEDIA_REQUIRED_MESSAGE,
    });
  return saveWithMedia(deps, BANNER_MEDIA, { stored, current: null }, () =>
    deps.stores.banners.create({ ...fieldsOf(input), mediaType: ref.kind, mediaUrl: ref.url }),
  );
}

export async function updateBanner(deps: AppDeps, id: string, form: SubmittedForm): Promise<StoredBanner> {
  const current = isId(id) ? await deps.stores.banners.get(id) : null;
  if (!current) throw new Refusal('not-found', BANNER_MESSAGES.notFound);
  const { input, choice } = validateMediaForm(form, BannerInputSchema, BANNER_MEDIA, current);
  const { ref, stored } = await applyMedia(deps, choice);
  // Without a new file or URL the banner keeps its media.
  return saveWithMedia(deps, BANNER_MEDIA, { stored, current }, () =>
    deps.stores.banners.update(id, { ...fieldsOf(input), ...(ref ? { mediaType: ref.kind, mediaUrl: ref.url } : {}) }),
  );
}

/** Moves the banner to the trash (docs/admin.md, "Trash and undo"); its media stay until it is deleted for good. */
export async function deleteBanner(deps: AppDeps, id: string): Promise<void> {
  await moveToTrashOr404(deps, 'banner', id, BANNER_MESSAGES.notFound);
}
