import { z } from 'zod';
import { BookingSchema } from './booking';
import { EmailSchema } from './common';
import { ContactMessageSchema } from './contact';

// A person's data rights in the portal (docs/policies.md, "Data rights"): everything kept about one e-mail address
// as a JSON download, and its erasure. The address travels in the path and is checked with the shared EmailSchema.

export const ClientEmailParamSchema = z.object({ email: EmailSchema });

/** What GET /api/admin/clients/{email}/export downloads: their messages and bookings, intake answers included. */
export const ClientDataExportSchema = z.object({
  email: z.string(),
  exportedAt: z.string(),
  /** Everything the site keeps about this address, newest first; messages in the Trash included. */
  messages: z.array(ContactMessageSchema.extend({ inTrash: z.boolean() })),
  bookings: z.array(BookingSchema),
});
export type ClientDataExport = z.output<typeof ClientDataExportSchema>;

/** What DELETE /api/admin/clients/{email} did. */
export const ClientEraseResultSchema = z.object({
  messagesDeleted: z.number().int().min(0),
  bookingsDeleted: z.number().int().min(0),
  /** Paid bookings kept for the accounts, with nothing left that names the person. */
  bookingsAnonymised: z.number().int().min(0),
});
export type ClientEraseResult = z.output<typeof ClientEraseResultSchema>;

export const CLIENT_DATA_MESSAGES = {
  erased: 'Their data is erased',
  eraseFailed: 'Could not erase their data',
  exportFailed: 'Could not download their data',
  /** Erasing would silently drop a session still to come: the practitioner cancels it first. */
  upcoming: 'This person has a session still to come. Cancel it in Bookings first (and refund it if due), then erase.',
} as const;

/** The name a paid booking keeps once its client's data is erased. */
export const ERASED_CLIENT_NAME = 'Erased client';
