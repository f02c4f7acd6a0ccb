// The first-run checklist's calls (docs/admin.md, "First-run checklist"), kept beside the dashboard.
import { z } from 'zod';
import { apiSuccess as okWith } from '../../../shared/schemas/replies';
import { FirstRunStatusSchema, SampleRemovalSchema, type SampleRemoval } from '../../../shared/schemas/first-run';
import { apiRequest } from '../../api/client';

export const firstRunApi = {
  status: (signal?: AbortSignal) =>
    apiRequest('/admin/first-run', okWith(FirstRunStatusSchema), signal ? { signal } : {}),
  removeSamples: () => apiRequest('/admin/first-run/remove-samples', okWith(SampleRemovalSchema), { method: 'POST' }),
  restoreSamples: (removal: SampleRemoval) =>
    apiRequest('/admin/first-run/restore-samples', okWith(z.object({ restored: z.number() })), {
      method: 'POST',
      json: removal,
    }),
};
