// The Clients screen's calls (docs/bookings.md, "In the portal").
import { z } from 'zod';
import { ClientSummarySchema } from '../../../shared/schemas/admin-bookings';
import { apiRequest } from '../../api/client';
import { getToken } from '../../api/session';

export const clientsApi = {
  list: (signal?: AbortSignal) =>
    apiRequest(
      '/admin/clients',
      z.object({ success: z.literal(true), data: z.array(ClientSummarySchema) }),
      signal ? { signal } : {},
    ),
};

/** Which table to export. */
export type ExportKind = 'clients' | 'bookings';

/**
 * Downloads one CSV. The admin API needs the Bearer token, which a plain link cannot send, so the file is fetched
 * and handed to the browser as a download.
 */
export async function downloadCsv(kind: ExportKind): Promise<void> {
  const token = getToken();
  const response = await fetch(`/api/admin/clients/export.csv?table=${kind}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${kind}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
