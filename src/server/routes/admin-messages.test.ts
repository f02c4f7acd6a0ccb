import { describe, expect, it } from 'vitest';
import type { ContactMessage, ContactMessageSummary } from '../../shared/schemas/contact';
import { createApp } from '../app';
import { createAdminSession, createTestDeps } from '../../../tests/support/server/admin-session';
import { XSS } from '../../../tests/support/server/content';

// /api/admin/messages: the portal's inbox of contact messages.

type Reply<T = unknown> = {
  success: boolean;
  message?: string;
  data: T;
  unread?: number;
  nextCursor?: string | null;
  counts?: { inbox: number; archived: number };
  errors?: Record<string, string>;
};

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
      body: JSON.stringify({
        name,
        email: 'v@example.com',
        phone: '',
        subject: 'Other',
        message: `From ${name}`,
        consent: true,
      }),
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
    const list = await call<ContactMessageSummary[]>('GET', '');
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    expect(list.body.data.map((m) => m.name)).toEqual([XSS, 'Second', 'First']);
    expect(list.body.data.map((m) => m.preview)).toEqual([`From ${XSS}`, 'From Second', 'From First']);
    expect(list.body.unread).toBe(3);
    expect(list.body.counts).toEqual({ inbox: 3, archived: 0 });
    expect(list.body.nextCursor).toBeNull();

    const first = list.body.data[2];
    if (!first) throw new Error('missing message');
    const one = await call<ContactMessage>('GET', `/${first._id}`);
    expect(one.body.data).toMatchObject({ name: 'First', message: 'From First', status: 'new' });

    const read = await call<ContactMessage>('PATCH', `/${first._id}`, { status: 'read' });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ success: true, data: { _id: first._id, status: 'read' } });
    const archived = await call<ContactMessage>('PATCH', `/${list.body.data[1]?._id}`, { status: 'archived' });
    expect(archived.body.data.status).toBe('archived');
    const after = await call<ContactMessageSummary[]>('GET', '');
    expect(after.body.unread).toBe(1);
    expect(after.body.counts).toEqual({ inbox: 2, archived: 1 });
    expect(after.body.data.map((m) => m.name)).toEqual([XSS, 'First']);
    const archivedList = await call<ContactMessageSummary[]>('GET', '?folder=archived');
    expect(archivedList.body.data.map((m) => m.name)).toEqual(['Second']);
  });

  it('validates the status and deletes messages', async () => {
    const { call, sendContact } = await setup();
    await sendContact('Someone');
    const [message] = (await call<ContactMessageSummary[]>('GET', '')).body.data;
    if (!message) throw new Error('missing message');
    for (const body of [{ status: 'spam' }, { status: 'read', name: 'x' }, {}]) {
      expect((await call('PATCH', `/${message._id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    const deleted = await call('DELETE', `/${message._id}`);
    expect(deleted).toEqual({ status: 200, body: { success: true, message: 'Message deleted' } });
    expect((await call('GET', '')).body).toEqual({
      success: true,
      data: [],
      nextCursor: null,
      unread: 0,
      counts: { inbox: 0, archived: 0 },
    });
  });

  it('pages through a large inbox of long messages without sending their bodies', async () => {
    const { call, deps } = await setup();
    // 250 messages at the 5,000-character limit: about 1.25 MB of bodies, which the old whole-inbox reply carried.
    const body = (i: number) =>
      `Message ${i}. ${'I would like to know more about a reading. '.repeat(120)}`.slice(0, 5000);
    for (let i = 0; i < 250; i += 1) {
      await deps.stores.contact.create({
        name: `Visitor ${i}`,
        email: `v${i}@example.com`,
        phone: '',
        subject: 'Other',
        message: body(i),
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let largest = 0;
    do {
      const query: string = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : '?limit=100';
      const response = await call<ContactMessageSummary[]>('GET', query);
      largest = Math.max(largest, JSON.stringify(response.body).length);
      expect(response.status).toBe(200);
      for (const item of response.body.data) {
        expect(item).not.toHaveProperty('message');
        expect(item.preview.length).toBeLessThanOrEqual(123);
      }
      seen.push(...response.body.data.map((m) => m.name));
      cursor = response.body.nextCursor ?? null;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect(seen[0]).toBe('Visitor 249');
    expect(seen.at(-1)).toBe('Visitor 0');
    // A full page of 100 is a few tens of kilobytes, not megabytes.
    expect(largest).toBeLessThan(60_000);
    // The default page is 20; opening one message gives it whole.
    const first = await call<ContactMessageSummary[]>('GET', '');
    expect(first.body.data).toHaveLength(20);
    expect(first.body.counts).toEqual({ inbox: 250, archived: 0 });
    const one = await call<ContactMessage>('GET', `/${first.body.data[0]?._id}`);
    expect(one.body.data.message).toBe(body(249));
  });

  it('validates the list query with 400 and field errors', async () => {
    const { call } = await setup();
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=2.5', 'limit'],
      ['?limit=ten', 'limit'],
      ['?folder=spam', 'folder'],
      ['?cursor=nope', 'cursor'],
      ['?cursor=2026-01-01T00:00:00.000Z_zzzzzzzzzzzzzzzzzzzzzzzz', 'cursor'],
      ['?page=2', ''],
    ] as const) {
      const response = await call('GET', query);
      expect(response.status, query).toBe(400);
      expect(response.body.success).toBe(false);
      if (field) expect(response.body.errors?.[field], query).toBeTruthy();
    }
    expect((await call('GET', '?folder=archived&limit=5')).status).toBe(200);
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
