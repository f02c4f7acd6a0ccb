// The store contract for contact messages (harness: ./harness.ts).
import { describe, expect, it } from 'vitest';
import {
  ContactMessageSchema,
  ContactMessageSummarySchema,
  encodeMessageCursor,
  type MessageFolder,
} from '../../../shared/schemas/contact';
import { describeEachStoreFresh, MISSING_ID } from './harness';

describeEachStoreFresh((stores) => {
  describe('contact messages', () => {
    const message = (name: string) => ({
      name,
      email: 'visitor@example.org',
      phone: '',
      subject: 'General Inquiry' as const,
      message: 'Hello',
    });

    it('creates, lists newest first, updates, counts unread and deletes', async () => {
      const a = await stores.contact.create(message('A'));
      const b = await stores.contact.create(message('B'));
      expect(a).toMatchObject({ ...message('A'), status: 'new' });
      expect(ContactMessageSchema.parse(a)).toEqual(a);
      expect((await stores.contact.list()).map((m) => m.name)).toEqual(['B', 'A']);
      expect(await stores.contact.countUnread()).toBe(2);
      const read = await stores.contact.update(a._id, { status: 'read' });
      expect(read).toMatchObject({ _id: a._id, status: 'read', name: 'A' });
      expect(await stores.contact.update(b._id, {})).toEqual(b);
      expect(await stores.contact.update(b._id, { mailError: 'SMTP refused' })).toMatchObject({
        mailError: 'SMTP refused',
      });
      expect(await stores.contact.countUnread()).toBe(1);
      expect(await stores.contact.get(a._id)).toEqual(read);
      expect(await stores.contact.delete(a._id)).toBe(true);
      expect(await stores.contact.delete(a._id)).toBe(false);
      expect(await stores.contact.delete('bad')).toBe(false);
      expect(await stores.contact.get(MISSING_ID)).toBeNull();
      expect(await stores.contact.update(MISSING_ID, { status: 'read' })).toBeNull();
    });

    it('lists and deletes one address’s messages (any letter case), keeping the consent record', async () => {
      const consent = { at: '2026-11-27T04:00:00.000Z', policyVersion: '2' };
      const a = await stores.contact.create({ ...message('A'), email: 'asha@example.org', consent });
      const b = await stores.contact.create({ ...message('B'), email: 'asha@example.org' });
      const other = await stores.contact.create({ ...message('C'), email: 'ben@example.org' });
      expect(a.consent).toEqual(consent);
      expect((await stores.contact.listByEmail('Asha@Example.org')).map((m) => m._id)).toEqual([b._id, a._id]);
      expect(await stores.contact.listByEmail('nobody@example.org')).toEqual([]);
      expect(await stores.contact.deleteByEmail('ASHA@example.org')).toBe(2);
      expect(await stores.contact.deleteByEmail('asha@example.org')).toBe(0);
      expect(await stores.contact.get(a._id)).toBeNull();
      expect(await stores.contact.get(other._id)).toEqual(other);
    });

    it('pages through one folder newest first, without bodies, with no gap or repeat', async () => {
      const long = `${'Dear guide, '.repeat(60)}the end`;
      const created = [];
      for (let i = 0; i < 8; i += 1) {
        created.push(await stores.contact.create({ ...message(`M${i}`), message: i === 7 ? long : `Body ${i}` }));
      }
      // Archive two of them: each folder pages on its own.
      await stores.contact.update(created[2]?._id ?? '', { status: 'archived' });
      await stores.contact.update(created[5]?._id ?? '', { status: 'archived' });
      await stores.contact.update(created[6]?._id ?? '', { status: 'read' });
      expect(await stores.contact.countByFolder()).toEqual({ inbox: 6, archived: 2 });

      const all = await stores.contact.list();
      const walk = async (folder: MessageFolder, limit: number) => {
        const pages: string[][] = [];
        let after: { createdAt: string; id: string } | undefined;
        for (let guard = 0; guard < 20; guard += 1) {
          const page = await stores.contact.page({ folder, limit, after });
          for (const item of page.items) {
            expect(ContactMessageSummarySchema.strict().parse(item)).toEqual(item);
            expect(item).not.toHaveProperty('message');
          }
          pages.push(page.items.map((m) => m.name));
          const last = page.items.at(-1);
          if (!page.hasMore || !last) break;
          const [createdAt, id] = encodeMessageCursor(last).split('_');
          after = { createdAt: createdAt ?? '', id: id ?? '' };
        }
        return pages;
      };
      const inboxNames = all.filter((m) => m.status !== 'archived').map((m) => m.name);
      expect(inboxNames).toEqual(['M7', 'M6', 'M4', 'M3', 'M1', 'M0']);
      expect(await walk('inbox', 4)).toEqual([inboxNames.slice(0, 4), inboxNames.slice(4)]);
      expect(await walk('inbox', 3)).toEqual([inboxNames.slice(0, 3), inboxNames.slice(3)]);
      expect(await walk('inbox', 100)).toEqual([inboxNames]);
      expect(await walk('archived', 1)).toEqual([['M5'], ['M2']]);

      // A short preview of the body, never the whole of a long one; the read status is carried.
      const first = (await stores.contact.page({ folder: 'inbox', limit: 2 })).items;
      expect(first[0]?.preview.length).toBeLessThanOrEqual(123);
      expect(first[0]?.preview.startsWith('Dear guide, Dear guide,')).toBe(true);
      expect(first[0]?.preview.endsWith('...')).toBe(true);
      expect(first[1]).toMatchObject({ name: 'M6', status: 'read', preview: 'Body 6' });
      // Past the oldest message there is nothing more.
      const oldest = all.at(-1);
      if (!oldest) throw new Error('missing message');
      expect(
        await stores.contact.page({
          folder: 'inbox',
          limit: 5,
          after: { createdAt: oldest.createdAt, id: oldest._id },
        }),
      ).toEqual({ items: [], hasMore: false });
    });
  });
});
