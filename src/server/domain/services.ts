import { SERVICE_MESSAGES } from '../../shared/messages';
import { IMAGE_REQUIRED_MESSAGE, ServiceInputSchema, type Service } from '../../shared/schemas/service';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import type { MultipartForm } from '../http/multipart';
import { isId } from '../stores/ids';
import { checkServiceCategory } from './categories';
import { applyMediaChoice, type MediaChoice } from './media';
import { saveWithMedia, validateMediaForm, type MediaRecord } from './media-forms';
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

export async function createService(deps: AppDeps, form: MultipartForm): Promise<Service> {
  const { input, choice } = validateMediaForm(form, ServiceInputSchema, SERVICE_IMAGE, null);
  input.category = await checkServiceCategory(deps.stores, input.category, null);
  const { url, stored } = await applyImage(deps, choice);
  if (!url) throw new HttpError(400, IMAGE_REQUIRED_MESSAGE, { [SERVICE_IMAGE_FIELD]: IMAGE_REQUIRED_MESSAGE });
  return saveWithMedia(deps, SERVICE_IMAGE, { stored, current: null }, () =>
    deps.stores.services.create({ ...input, image: url }),
  );
}

export async function getServiceOr404(deps: AppDeps, id: string): Promise<Service> {
  const service = isId(id) ? await deps.stores.services.get(id) : null;
  if (!service) throw new HttpError(404, SERVICE_MESSAGES.notFound);
  return service;
}

/** Replaces the service's fields; a new image replaces the old, which is deleted only after the update succeeded. */
export async function updateService(deps: AppDeps, id: string, form: MultipartForm): Promise<Service> {
  const current = await getServiceOr404(deps, id);
  const { input, choice } = validateMediaForm(form, ServiceInputSchema, SERVICE_IMAGE, current);
  input.category = await checkServiceCategory(deps.stores, input.category, current.category);
  const { url, stored } = await applyImage(deps, choice);
  return saveWithMedia(deps, SERVICE_IMAGE, { stored, current }, () =>
    deps.stores.services.update(id, { ...input, image: url ?? current.image }),
  );
}

/** Moves the service to the trash (docs/admin.md, "Trash and undo"); its image stays until it is deleted for good. */
export async function deleteService(deps: AppDeps, id: string): Promise<void> {
  await moveToTrashOr404(deps, 'service', id, SERVICE_MESSAGES.notFound);
}
