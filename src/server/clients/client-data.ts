// A person's data rights (docs/policies.md, "Data rights"): export everything kept about one e-mail address, and
// erase it. Messages go for good (also from the Trash); bookings without money go; a paid or refunded booking is
// kept for the accounts, with nothing left that names the person.
import {
  CLIENT_DATA_MESSAGES,
  ERASED_CLIENT_NAME,
  type ClientDataExport,
  type ClientEraseResult,
} from '../../shared/schemas/client-data';
import type { Booking } from '../../shared/schemas/booking';
import type { ContactMessage } from '../../shared/schemas/contact';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';

type Deps = Pick<AppDeps, 'stores'>;

const sameAddress = (a: unknown, email: string) => typeof a === 'string' && a.toLowerCase() === email.toLowerCase();

/** Messages of this address waiting in the Trash (kept 30 days after a delete): still data the site holds. */
async function trashedMessages(deps: Deps, email: string) {
  const entries = await deps.stores.trash.list();
  return entries.filter((entry) => entry.kind === 'message' && sameAddress(entry.item['email'], email));
}

/** Everything kept about this address, newest first: messages (live and in the Trash) and bookings with answers. */
export async function exportClientData(deps: Deps, email: string, now = new Date()): Promise<ClientDataExport> {
  const [live, trashed, bookings] = await Promise.all([
    deps.stores.contact.listByEmail(email),
    trashedMessages(deps, email),
    deps.stores.bookings.listByEmail(email),
  ]);
  const messages = [
    ...live.map((message) => ({ ...message, inTrash: false })),
    ...trashed.map((entry) => ({ ...(entry.item as unknown as ContactMessage), inTrash: true })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { email: email.toLowerCase(), exportedAt: now.toISOString(), messages, bookings };
}

/** Money moved: the accounts must keep the record (docs/policies.md says which fields). */
function isAccountsRecord(booking: Booking): boolean {
  return booking.payment.amountPaise > 0 && (booking.payment.state === 'paid' || booking.payment.state === 'refunded');
}

/** A session still ahead that the person holds: erasing it would leave the practitioner waiting for nobody. */
function isUpcoming(booking: Booking, now: Date): boolean {
  return (booking.status === 'confirmed' || booking.status === 'held') && Date.parse(booking.end) > now.getTime();
}

/**
 * Erases this address: refused while they have a session to come (the practitioner cancels it first). Paid and
 * refunded bookings keep date, service, amount, payment state and references, and lose name, e-mail, phone, note,
 * answers and the practitioner's notes; every other booking and every message is removed.
 */
export async function eraseClientData(deps: Deps, email: string, now = new Date()): Promise<ClientEraseResult> {
  const bookings = await deps.stores.bookings.listByEmail(email);
  if (bookings.some((booking) => isUpcoming(booking, now)))
    throw new Refusal('conflict', CLIENT_DATA_MESSAGES.upcoming);
  let bookingsAnonymised = 0;
  for (const booking of bookings.filter(isAccountsRecord)) {
    const kept = await deps.stores.bookings.update(
      booking._id,
      { client: { name: ERASED_CLIENT_NAME, email: '' }, note: '', answers: [], practitionerNotes: '' },
      booking.version,
    );
    if (kept) bookingsAnonymised += 1;
  }
  // What is left under the address has no accounts value: the store removes it with its slot claims.
  const bookingsDeleted = await deps.stores.bookings.eraseClient(email);
  let messagesDeleted = await deps.stores.contact.deleteByEmail(email);
  for (const entry of await trashedMessages(deps, email)) {
    if (await deps.stores.trash.remove(entry._id)) messagesDeleted += 1;
  }
  return { messagesDeleted, bookingsDeleted, bookingsAnonymised };
}
