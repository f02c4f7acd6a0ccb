// The portal's side of a person's data rights (docs/policies.md, "Data rights"): the JSON download and the erase.
import { z } from 'zod';
import { apiRequest } from '../../api/client';
import { ClientEraseResultSchema } from '../../../shared/schemas/client-data';
import { downloadBackup } from '../backups/backups-api';

const path = (email: string) => `/admin/clients/${encodeURIComponent(email)}`;

/** Saves everything kept about this address as a .json file; answers the file's name. */
export async function downloadClientData(email: string): Promise<string> {
  // The backup download already reads an authorised reply as a file with the server's name for it.
  return (await downloadBackup(`${path(email)}/export`)).filename;
}

const EraseReplySchema = z.object({ success: z.literal(true), data: ClientEraseResultSchema, message: z.string() });

export const eraseClientData = (email: string) => apiRequest(path(email), EraseReplySchema, { method: 'DELETE' });
