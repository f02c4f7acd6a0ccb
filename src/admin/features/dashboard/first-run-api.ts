// The first-run checklist's calls (docs/admin.md, "First-run checklist"), kept beside the dashboard.
import { z } from 'zod';
import { FirstRunStatusSchema, SampleRemovalSchema, type SampleRemoval } from '../../../shared/schemas/first-run';
import { apiRequest } from '../../api/client';

const okWith = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

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
