import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../shared/schemas/contact';
import { createApp } from '../app';
import { createAdminSession, createTestDeps } from '../testing/admin-session';
import { XSS } from '../testing/content';

// /api/admin/messages: the portal's inbox of contact messages.

type Reply<T = unknown> = { success: boolean; message?: string; data: T; unread?: number };

async function setup() {
  const deps = createTestDeps();
  const app = createApp(deps);
  const { authHeader } = await createAdminSession(app);
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const response = await app.request(`/api/admin/messages${path}`, {
      method,
      headers: { ...authHeader, 'Content-Type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Reply<T> };
  };
  const sendContact = async (name: string) => {
    const response = await app.request('/api/contact/send', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, email: 'v@example.com', phone: '', subject: 'Other', message: `From ${name}` }),
    });
    expect(response.status).toBe(200);
  };
  return { app, deps, call, sendContact };
}

describe('admin messages', () => {
  it('lists messages newest first with the unread count, shows one, and marks read or archived', async () => {
    const { call, sendContact } = await setup();
    await sendContact('First');
    await sendContact('Second');
    await sendContact(XSS);
    const list = await call<ContactMessage[]>('GET', '');
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    expect(list.body.data.map((m) => m.name)).toEqual([XSS, 'Second', 'First']);
    expect(list.body.unread).toBe(3);

    const first = list.body.data[2];
    if (!first) throw new Error('missing message');
    const one = await call<ContactMessage>('GET', `/${first._id}`);
    expect(one.body.data).toMatchObject({ name: 'First', message: 'From First', status: 'new' });

    const read = await call<ContactMessage>('PATCH', `/${first._id}`, { status: 'read' });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ success: true, data: { _id: first._id, status: 'read' } });
    const archived = await call<ContactMessage>('PATCH', `/${list.body.data[1]?._id}`, { status: 'archived' });
    expect(archived.body.data.status).toBe('archived');
    expect((await call('GET', '')).body.unread).toBe(1);
  });

  it('validates the status and deletes messages', async () => {
    const { call, sendContact } = await setup();
    await sendContact('Someone');
    const [message] = (await call<ContactMessage[]>('GET', '')).body.data;
    if (!message) throw new Error('missing message');
    for (const body of [{ status: 'spam' }, { status: 'read', name: 'x' }, {}]) {
      expect((await call('PATCH', `/${message._id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    const deleted = await call('DELETE', `/${message._id}`);
    expect(deleted).toEqual({ status: 200, body: { success: true, message: 'Message deleted' } });
    expect((await call('GET', '')).body).toEqual({ success: true, data: [], unread: 0 });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const { call } = await setup();
    for (const id of ['dddddddddddddddddddddddd', 'not-an-id']) {
      expect((await call('GET', `/${id}`)).status).toBe(404);
      expect((await call('PATCH', `/${id}`, { status: 'read' })).status).toBe(404);
      const deleted = await call('DELETE', `/${id}`);
      expect(deleted).toEqual({ status: 404, body: { success: false, message: 'Message not found' } });
    }
  });

  it('answers 401 on every route without a valid token', async () => {
    const { app, sendContact, deps } = await setup();
    await sendContact('Private');
    const [message] = await deps.stores.contact.list();
    for (const headers of [{}, { Authorization: 'Bearer nope' }]) {
      for (const [method, path] of [
        ['GET', ''],
        ['GET', `/${message?._id}`],
        ['PATCH', `/${message?._id}`],
        ['DELETE', `/${message?._id}`],
      ] as const) {
        const response = await app.request(`/api/admin/messages${path}`, {
          method,
          headers: { ...headers, 'Content-Type': 'application/json' },
          ...(method === 'PATCH' ? { body: JSON.stringify({ status: 'read' }) } : {}),
        });
        expect(response.status, `${method} ${path}`).toBe(401);
      }
    }
    expect(await deps.stores.contact.list()).toHaveLength(1);
  });
});
