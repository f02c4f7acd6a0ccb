// How the admin words and opens a service by its status (docs/admin.md, "Draft preview"). The spec says
// Active/Inactive; the portal calls an inactive service a "Draft", and its "View" opens the preview, since the
// public page of an inactive service is a 404.
import { previewPath } from '../../../components/service-detail/preview-source';
import { servicePath } from '../../../shared/schemas/slug';
import type { StatusFilter } from './service-list';

/** The status filter keeps the spec's values (All, Active, Inactive); only the label changes. */
export function statusFilterLabel(value: StatusFilter): string {
  return value === 'Inactive' ? 'Draft' : value;
}

/** The public page of an active service; the admin's preview of a draft. */
export function serviceViewLink(service: { _id: string; slug?: string | undefined; isActive: boolean }): string {
  return service.isActive ? servicePath(service) : previewPath(service._id);
}
