import { SERVICE_MESSAGES } from '../../shared/messages';
import { IMAGE_REQUIRED_MESSAGE, ServiceInputSchema, type Service } from '../../shared/schemas/service';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import { SlugSchema } from '../../shared/schemas/slug';
import { isId } from '../stores/ids';
import { checkServiceCategory } from './categories';
import { applyMediaChoice, type MediaChoice } from './media';
import { saveWithMedia, validateMediaForm, type MediaRecord, type SubmittedForm } from './media-forms';
import { assertTypedSlugFree, saveWithSlug } from './service-slugs';
import { moveToTrashOr404 } from './trash';

/** The multipart part carrying the service image: a file, or the /media/ URL of a committed chunked upload. */
export const SERVICE_IMAGE_FIELD = 'image';
export { SERVICE_MESSAGES };

const SERVICE_IMAGE: MediaRecord<Service> = {
  kind: 'service',
  field: SERVICE_IMAGE_FIELD,
  // The committed-upload URL may come as `image` (the service field) or `mediaUrl` (as banners name it).
  urlFields: [SERVICE_IMAGE_FIELD, 'mediaUrl'],
  requiredMessage: IMAGE_REQUIRED_MESSAGE,
  notFoundMessage: SERVICE_MESSAGES.notFound,
  urlOf: (service) => service.image,
  titleOf: (service) => service.name,
};

/** The image's URL after the choice is carried out (null: keep the current one), and the file this save stored. */
async function applyImage(deps: AppDeps, choice: MediaChoice) {
  const { ref, stored } = await applyMediaChoice(deps, choice, ['image'], SERVICE_IMAGE_FIELD);
  return { url: ref?.url ?? null, stored };
}

export async function createService(deps: AppDeps, form: SubmittedForm): Promise<Service> {
  const { input, choice } = validateMediaForm(form, ServiceInputSchema, SERVICE_IMAGE, null);
  input.category = await checkServiceCategory(deps.stores, input.category, null);
  const { slug: typed, ...fields } = input;
  const slugRequest = { typed, name: fields.name, selfId: null };
  await assertTypedSlugFree(deps.stores.services, slugRequest);
  const { url, stored } = await applyImage(deps, choice);
  if (!url) throw new Refusal('invalid', IMAGE_REQUIRED_MESSAGE, { [SERVICE_IMAGE_FIELD]: IMAGE_REQUIRED_MESSAGE });
  return saveWithMedia(deps, SERVICE_IMAGE, { stored, current: null }, () =>
    saveWithSlug(deps.stores.services, slugRequest, (slug) =>
      deps.stores.services.create({ ...fields, slug, image: url }),
    ),
  );
}

export async function getServiceOr404(deps: AppDeps, id: string): Promise<Service> {
  const service = isId(id) ? await deps.stores.services.get(id) : null;
  if (!service) throw new Refusal('not-found', SERVICE_MESSAGES.notFound);
  return service;
}

/**
 * The public read of one service by id or by slug, current or earlier (the fallback page of a service built after
 * the last deploy reads it by the address it was opened with). Inactive services are not found.
 */
export async function findPublicService(deps: AppDeps, idOrSlug: string): Promise<Service | null> {
  const store = deps.stores.services;
  const service = isId(idOrSlug) ? await store.get(idOrSlug) : null;
  const found = service ?? (SlugSchema.safeParse(idOrSlug).success ? await store.findBySlug(idOrSlug) : null);
  return found?.isActive ? found : null;
}

/** Replaces the service's fields; a new image replaces the old, which is deleted only after the update succeeded. */
export async function updateService(deps: AppDeps, id: string, form: SubmittedForm): Promise<Service> {
  const current = await getServiceOr404(deps, id);
  const { input, choice } = validateMediaForm(form, ServiceInputSchema, SERVICE_IMAGE, current);
  input.category = await checkServiceCategory(deps.stores, input.category, current.category);
  const { slug, ...fields } = input;
  // Left empty, the address stays as it is: renaming a service never moves its page unless the admin asks.
  const slugRequest = { typed: slug || current.slug, name: fields.name, selfId: current._id };
  await assertTypedSlugFree(deps.stores.services, slugRequest);
  const { url, stored } = await applyImage(deps, choice);
  return saveWithMedia(deps, SERVICE_IMAGE, { stored, current }, () =>
    saveWithSlug(deps.stores.services, slugRequest, (chosen) =>
      deps.stores.services.update(id, { ...fields, slug: chosen, image: url ?? current.image }),
    ),
  );
}

/** Moves the service to the trash (docs/admin.md, "Trash and undo"); its image stays until it is deleted for good. */
export async function deleteService(deps: AppDeps, id: string): Promise<void> {
  await moveToTrashOr404(deps, 'service', id, SERVICE_MESSAGES.notFound);
}
