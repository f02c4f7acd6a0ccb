import { describe, expect, it } from 'vitest';
import type { Booking } from '../../shared/schemas/booking';
import { CLIENT_DATA_MESSAGES, ClientDataExportSchema, ERASED_CLIENT_NAME } from '../../shared/schemas/client-data';
import { createApp } from '../app';
import { newId } from '../stores/ids';
import type { NewBooking } from '../stores/types';
import { createAdminSession, createTestDeps } from '../../../tests/support/server/admin-session';

// GET /api/admin/clients/{email}/export and DELETE /api/admin/clients/{email} (docs/policies.md, "Data rights"),
// through the real app over the embedded store.

const DAY = 86_400_000;
const SERVICE = 'bbbbbbbbbbbbbbbbbbbbbbb1';
let slot = 0;

function booking(email: string, overrides: Partial<NewBooking> = {}): NewBooking {
  // Each booking its own past hour, so no two claim the same ticks.
  slot += 1;
  const start = Date.now() - 30 * DAY + slot * 3 * 3_600_000;
  return {
    _id: newId(),
    serviceId: SERVICE,
    serviceName: 'Akashic Records Reading',
    start: new Date(start).toISOString(),
    end: new Date(start + 3_600_000).toISOString(),
    timeZone: 'Asia/Kolkata',
    client: { name: 'Asha Rao', email, phone: '+919812345678' },
    note: 'Please call me on WhatsApp',
    answers: [{ questionId: 'focus', question: 'What would you like to explore?', answer: 'My grief for my father' }],
    consent: { at: new Date(start - DAY).toISOString(), policyVersion: '1' },
    status: 'confirmed',
    payment: { mode: 'free', state: 'none', amountPaise: 0 },
    practitionerNotes: 'Gentle start',
    mailsSent: [],
    ...overrides,
  };
}

const message = (name: string, email: string) => ({
  name,
  email,
  phone: '',
  subject: 'General Inquiry',
  message: `Hello from ${name}`,
  consent: { at: new Date().toISOString(), policyVersion: '1' },
});

async function setup() {
  const deps = createTestDeps();
  const app = createApp(deps);
  const { authHeader } = await createAdminSession(app);
  const { stores } = deps;
  // Asha: two messages (one of them in the Trash), a free booking and a paid one. Ben: a message and a booking.
  const ashaFirst = await stores.contact.create(message('Asha Rao', 'asha@example.com'));
  const ashaTrashed = await stores.contact.create(message('Asha Rao', 'asha@example.com'));
  await stores.trash.moveIn('message', ashaTrashed._id, new Date(), new Date(Date.now() + 30 * DAY));
  const benMessage = await stores.contact.create(message('Ben Ode', 'ben@example.com'));
  const ashaFree = await stores.bookings.create(booking('Asha@Example.com'), 0);
  const ashaPaid = await stores.bookings.create(
    booking('asha@example.com', {
      payment: { mode: 'online', state: 'paid', amountPaise: 250_000, orderId: 'order_A1', paymentId: 'pay_A1' },
    }),
    0,
  );
  const benBooking = await stores.bookings.create(
    booking('ben@example.com', { client: { name: 'Ben Ode', email: 'ben@example.com' } }),
    0,
  );
  const call = async (method: 'GET' | 'DELETE', path: string, headers: Record<string, string> = authHeader) => {
    const response = await app.request(path, { method, headers });
    return { response, body: (await response.json()) as Record<string, unknown> };
  };
  return { deps, app, call, ashaFirst, ashaTrashed, benMessage, ashaFree, ashaPaid, benBooking };
}

describe('client data rights', () => {
  it('answers 401 without a session on both routes, and 400 for an address that is not one', async () => {
    const { call } = await setup();
    for (const [method, path] of [
      ['GET', '/api/admin/clients/asha%40example.com/export'],
      ['DELETE', '/api/admin/clients/asha%40example.com'],
    ] as const) {
      expect((await call(method, path, {})).response.status).toBe(401);
      expect((await call(method, path, { Authorization: 'Bearer not-a-token' })).response.status).toBe(401);
    }
    const bad = await call('GET', '/api/admin/clients/not-an-address/export');
    expect(bad.response.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
    expect((await call('DELETE', '/api/admin/clients/not-an-address')).response.status).toBe(400);
  });

  it('exports exactly that person’s messages (the Trash too) and bookings with their answers, as a download', async () => {
    const { call, ashaFirst, ashaTrashed, ashaFree, ashaPaid } = await setup();
    const { response, body } = await call('GET', '/api/admin/clients/ASHA%40example.com/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="data-asha@example.com-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = ClientDataExportSchema.parse(body);
    expect(data.email).toBe('asha@example.com');
    expect(data.messages.map((m) => [m._id, m.inTrash]).sort()).toEqual(
      [
        [ashaFirst._id, false],
        [ashaTrashed._id, true],
      ].sort(),
    );
    expect(data.bookings.map((b) => b._id).sort()).toEqual([ashaFree._id, ashaPaid._id].sort());
    expect(data.bookings[0]?.answers[0]?.answer).toBe('My grief for my father');
    expect(JSON.stringify(data)).not.toContain('ben@example.com');
    expect(JSON.stringify(data)).not.toContain('Ben Ode');
  });

  it('erases: messages (and the Trash) gone, the free booking gone, the paid one kept without the person; others untouched', async () => {
    const { call, deps, ashaFree, ashaPaid, ashaTrashed, benMessage, benBooking } = await setup();
    const benBefore = await deps.stores.bookings.get(benBooking._id);
    const { response, body } = await call('DELETE', '/api/admin/clients/asha%40example.com');
    expect(response.status).toBe(200);
    expect(body).toEqual({
      success: true,
      message: CLIENT_DATA_MESSAGES.erased,
      data: { messagesDeleted: 2, bookingsDeleted: 1, bookingsAnonymised: 1 },
    });
    const { stores } = deps;
    expect(await stores.contact.listByEmail('asha@example.com')).toEqual([]);
    expect(await stores.trash.get(ashaTrashed._id)).toBeNull();
    expect(await stores.bookings.get(ashaFree._id)).toBeNull();
    expect(await stores.bookings.listByEmail('asha@example.com')).toEqual([]);
    // What the accounts need stays: date, service, amount, payment state and references; nothing names her.
    const kept = (await stores.bookings.get(ashaPaid._id)) as Booking;
    expect(kept).toMatchObject({
      start: ashaPaid.start,
      serviceName: 'Akashic Records Reading',
      payment: { state: 'paid', amountPaise: 250_000, orderId: 'order_A1', paymentId: 'pay_A1' },
      client: { name: ERASED_CLIENT_NAME, email: '' },
      note: '',
      answers: [],
      practitionerNotes: '',
    });
    expect(JSON.stringify(kept)).not.toMatch(/asha|Asha|9812345678|grief|WhatsApp/i);
    // Ben is untouched.
    expect(await stores.contact.get(benMessage._id)).toEqual(benMessage);
    expect(await stores.bookings.get(benBooking._id)).toEqual(benBefore);
    // A second erase finds nothing left.
    expect((await call('DELETE', '/api/admin/clients/asha%40example.com')).body.data).toEqual({
      messagesDeleted: 0,
      bookingsDeleted: 0,
      bookingsAnonymised: 0,
    });
  });

  it('refuses to erase a person with a session still to come, and changes nothing', async () => {
    const { call, deps } = await setup();
    const start = Date.now() + 5 * DAY;
    const upcoming = await deps.stores.bookings.create(
      booking('asha@example.com', {
        start: new Date(start).toISOString(),
        end: new Date(start + 3_600_000).toISOString(),
      }),
      0,
    );
    const { response, body } = await call('DELETE', '/api/admin/clients/asha%40example.com');
    expect(response.status).toBe(409);
    expect(body.message).toBe(CLIENT_DATA_MESSAGES.upcoming);
    expect(await deps.stores.bookings.get(upcoming._id)).not.toBeNull();
    expect(await deps.stores.contact.listByEmail('asha@example.com')).toHaveLength(1);
  });
});
