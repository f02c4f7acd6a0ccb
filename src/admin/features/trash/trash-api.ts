// The trash calls (docs/content-api.md, "Trash"), each reply checked by its schema. Kept beside the feature rather
// than in endpoints.ts so the trash stays one folder.
import { z } from 'zod';
import { apiSuccess as okWith } from '../../../shared/schemas/replies';
import { TrashItemSchema } from '../../../shared/schemas/trash';
import { apiRequest } from '../../api/client';

export const trashApi = {
  list: (signal?: AbortSignal) =>
    apiRequest('/admin/trash', okWith(z.array(TrashItemSchema)), signal ? { signal } : {}),
  restore: (id: string) =>
    apiRequest(`/admin/trash/${encodeURIComponent(id)}/restore`, okWith(TrashItemSchema), { method: 'POST' }),
  remove: (id: string) =>
    apiRequest(`/admin/trash/${encodeURIComponent(id)}`, okWith(TrashItemSchema), { method: 'DELETE' }),
};
