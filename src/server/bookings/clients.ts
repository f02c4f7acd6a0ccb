// The portal's client list (docs/bookings.md, "In the portal"): everyone who booked or wrote, grouped by e-mail.
import type { ClientEvent, ClientSummary } from '../../shared/schemas/admin-bookings';

/** What the list needs of a booking (a structural slice of the stored booking). */
export interface ClientBookingFacts {
  _id: string;
  serviceName: string;
  start: string;
  status: string;
  createdAt: string;
  client: { name: string; email: string; phone?: string | undefined };
}

/** What the list needs of a contact message. */
export interface ClientMessageFacts {
  _id: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  status: string;
  createdAt: string;
}

/**
 * One entry per e-mail address (compared in lower case: "Asha@X.com" and "asha@x.com" are one person), newest
 * activity first. The name and phone are the latest ones given, so a client who changed their number shows the new one.
 */
export function groupClients(
  bookings: readonly ClientBookingFacts[],
  messages: readonly ClientMessageFacts[],
): ClientSummary[] {
  interface Entry {
    summary: ClientSummary;
    /** When the name and phone shown were given. */
    namedAt: string;
  }
  const byEmail = new Map<string, Entry>();
  const add = (email: string, name: string, phone: string, givenAt: string, event: ClientEvent) => {
    const key = email.trim().toLowerCase();
    let entry = byEmail.get(key);
    if (!entry) {
      entry = {
        summary: { email: key, name, phone, bookings: 0, messages: 0, lastAt: event.at, history: [] },
        namedAt: givenAt,
      };
      byEmail.set(key, entry);
    }
    const { summary } = entry;
    summary.history.push(event);
    if (event.kind === 'booking') summary.bookings += 1;
    else summary.messages += 1;
    if (event.at > summary.lastAt) summary.lastAt = event.at;
    if (givenAt >= entry.namedAt) {
      entry.namedAt = givenAt;
      summary.name = name;
      if (phone) summary.phone = phone;
    } else if (!summary.phone && phone) summary.phone = phone;
  };
  for (const booking of bookings) {
    add(booking.client.email, booking.client.name, booking.client.phone ?? '', booking.createdAt, {
      kind: 'booking',
      id: booking._id,
      at: booking.start,
      title: booking.serviceName,
      status: booking.status,
    });
  }
  for (const message of messages) {
    add(message.email, message.name, message.phone, message.createdAt, {
      kind: 'message',
      id: message._id,
      at: message.createdAt,
      title: message.subject,
      status: message.status,
    });
  }
  const clients = [...byEmail.values()].map(({ summary }) => ({
    ...summary,
    history: summary.history.sort((a, b) => b.at.localeCompare(a.at)),
  }));
  return clients.sort((a, b) => b.lastAt.localeCompare(a.lastAt) || a.email.localeCompare(b.email));
}
