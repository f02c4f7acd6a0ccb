// The portal's side of /api/admin/backup (docs/backup.md). A zip is not JSON, so the download reads the reply as a
// blob itself; a refusal still arrives as the API's usual JSON message.
import { z } from 'zod';
import { API_BASE, apiRequest, ApiError } from '../../api/client';
import { getToken } from '../../api/session';

const WeeklyListSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: z.string(), createdAt: z.string(), size: z.number() })),
});
export type WeeklyBackup = z.output<typeof WeeklyListSchema>['data'][number];

export const listWeeklyBackups = (signal?: AbortSignal) =>
  apiRequest('/admin/backup/weekly', WeeklyListSchema, signal ? { signal } : {});

/** Fetches a backup zip and hands it to the browser as a file; answers its name and size. */
export async function downloadBackup(path: string): Promise<{ filename: string; size: number }> {
  const token = getToken();
  const response = await fetch(`${API_BASE}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : null;
    throw new ApiError(response.status, message ?? `Request failed (${response.status})`, message);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'soul-guidance-backup.zip';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start saving before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { filename, size: blob.size };
}

export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
