import { describe, expect, it } from 'vitest';
import { groupClients, type ClientBookingFacts, type ClientMessageFacts } from './clients';

const booking = (over: Partial<ClientBookingFacts> & { email: string; name?: string; phone?: string }) => ({
  _id: over._id ?? 'b1',
  serviceName: over.serviceName ?? 'Tarot Reading',
  start: over.start ?? '2026-12-01T05:00:00.000Z',
  status: over.status ?? 'confirmed',
  createdAt: over.createdAt ?? '2026-11-20T05:00:00.000Z',
  client: { name: over.name ?? 'Asha', email: over.email, ...(over.phone ? { phone: over.phone } : {}) },
});
const message = (over: Partial<ClientMessageFacts> & { email: string }): ClientMessageFacts => ({
  _id: 'm1',
  name: 'Asha',
  phone: '',
  subject: 'Other',
  status: 'new',
  createdAt: '2026-11-10T05:00:00.000Z',
  ...over,
});

describe('groupClients', () => {
  it('groups bookings and messages by e-mail whatever its case, newest activity first', () => {
    const clients = groupClients(
      [
        booking({ _id: 'b1', email: 'Asha@Example.com', start: '2026-12-01T05:00:00.000Z' }),
        booking({ _id: 'b2', email: 'ravi@example.com', name: 'Ravi', start: '2026-12-03T05:00:00.000Z' }),
      ],
      [message({ _id: 'm1', email: 'asha@example.com', createdAt: '2026-11-10T05:00:00.000Z' })],
    );
    expect(clients.map((client) => [client.email, client.bookings, client.messages])).toEqual([
      ['ravi@example.com', 1, 0],
      ['asha@example.com', 1, 1],
    ]);
    expect(clients[1]?.history.map((event) => [event.kind, event.id])).toEqual([
      ['booking', 'b1'],
      ['message', 'm1'],
    ]);
    expect(clients[1]?.lastAt).toBe('2026-12-01T05:00:00.000Z');
  });

  it('shows the latest name and phone a client gave, keeping an older phone when the latest gave none', () => {
    const [client] = groupClients(
      [
        booking({ email: 'a@example.com', name: 'Asha R', phone: '+919876543210', createdAt: '2026-11-01T00:00:00Z' }),
        booking({ _id: 'b2', email: 'a@example.com', name: 'Asha Rao', createdAt: '2026-11-05T00:00:00Z' }),
      ],
      [],
    );
    expect(client).toMatchObject({ name: 'Asha Rao', phone: '+919876543210', bookings: 2 });
  });
});
