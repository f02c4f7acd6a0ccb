// One contract for both store implementations. The embedded store runs on a temporary file; MongoDB runs against
// MONGODB_URI when it is set, else against the wire-protocol stand-in when ../shared/tools/mongo-standin is there
// (as in CI), else not at all (tests/setup/mongo-standin.ts says so). Each MongoDB test gets its own throwaway
// database, migrated first (the indexes come from `npm run db:migrate`, not from the stores), dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { standinAvailable, startStandin, type Standin } from '../../../tests/support/mongo-standin';
import { StoredBannerSchema } from '../../shared/schemas/banner';
import {
  ContactMessageSchema,
  ContactMessageSummarySchema,
  encodeMessageCursor,
  type MessageFolder,
} from '../../shared/schemas/contact';
import { ServiceSchema } from '../../shared/schemas/service';
import { createEmbeddedStores } from './embedded';
import { isId } from './ids';
import { createMongoStores } from './mongo';
import { migrateIndexes } from './mongo/migrate';
import { sampleBanner, sampleService } from './testing/samples';
import type { Stores } from './types';

const EXTERNAL_URI = process.env['MONGODB_URI'] || undefined;
const mongoAvailable = EXTERNAL_URI !== undefined || standinAvailable();
let mongoUri = EXTERNAL_URI ?? '';
let standin: Standin | undefined;

beforeAll(async () => {
  if (!mongoAvailable || EXTERNAL_URI) return;
  standin = await startStandin();
  mongoUri = standin.uri;
}, 300_000);
afterAll(async () => {
  await standin?.stop();
});

interface Implementation {
  name: string;
  available: boolean;
  /** Opens an empty store; `dispose` closes it and removes its data. */
  open(): Promise<{ stores: Stores; dispose: () => Promise<void> }>;
}

const tempRoot = mkdtempSync(path.join(tmpdir(), 'sg-contract-'));
afterAll(() => rmSync(tempRoot, { recursive: true, force: true }));

const IMPLEMENTATIONS: Implementation[] = [
  {
    name: 'embedded',
    available: true,
    async open() {
      const dir = mkdtempSync(path.join(tempRoot, 'db-'));
      const stores = createEmbeddedStores(path.join(dir, 'content.db'));
      return {
        stores,
        async dispose() {
          await stores.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'mongo',
    available: mongoAvailable,
    async open() {
      const uri = mongoUri;
      const dbName = `sg_contract_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
      await migrateIndexes(uri, dbName);
      const stores = await createMongoStores(uri, dbName);
      return {
        stores,
        async dispose() {
          await stores.close();
          const admin = new MongoClient(uri);
          try {
            await admin.db(dbName).dropDatabase();
          } finally {
            await admin.close();
          }
        },
      };
    },
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MISSING_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

for (const impl of IMPLEMENTATIONS) {
  describe.skipIf(!impl.available)(`${impl.name} stores`, () => {
    let stores: Stores;
    let dispose: () => Promise<void>;

    beforeEach(async () => {
      ({ stores, dispose } = await impl.open());
    });
    afterEach(async () => {
      await dispose();
    });

    it('reports its kind', () => {
      expect(stores.kind).toBe(impl.name);
    });

    describe('services', () => {
      it('creates a service with a 24-hex id and server-owned fields, and reads it back', async () => {
        const created = await stores.services.create(sampleService(1));
        expect(isId(created._id)).toBe(true);
        expect(created).toMatchObject({ name: 'Sample service 1', testimonials: [], averageRating: 0 });
        expect(created.createdAt).toBe(created.updatedAt);
        expect(ServiceSchema.parse(created)).toEqual(created);
        expect(await stores.services.get(created._id)).toEqual(created);
      });

      it.each([
        ['an unknown id', MISSING_ID],
        ['a malformed id', 'not-an-id'],
        ['an upper-case id', 'AAAAAAAAAAAAAAAAAAAAAAAA'],
      ])('gets null for %s', async (_label, id) => {
        await stores.services.create(sampleService(1));
        expect(await stores.services.get(id)).toBeNull();
        expect(await stores.services.update(id, { name: 'x' })).toBeNull();
        expect(await stores.services.delete(id)).toBeNull();
      });

      it('lists newest first, even for services created within one millisecond', async () => {
        const ids: string[] = [];
        for (let i = 0; i < 5; i += 1) ids.push((await stores.services.create(sampleService(i)))._id);
        const listed = await stores.services.list({ activeOnly: false });
        expect(listed.map((s) => s._id)).toEqual([...ids].reverse());
      });

      it.each([
        { options: { activeOnly: false }, expected: ['featured-inactive', 'plain', 'featured', 'inactive'] },
        { options: { activeOnly: true }, expected: ['plain', 'featured'] },
        { options: { activeOnly: true, featured: true }, expected: ['featured'] },
        { options: { activeOnly: true, featured: false }, expected: ['plain'] },
        { options: { activeOnly: false, featured: true }, expected: ['featured-inactive', 'featured'] },
        { options: { activeOnly: false, limit: 2 }, expected: ['featured-inactive', 'plain'] },
        { options: { activeOnly: true, limit: 1 }, expected: ['plain'] },
      ])('lists with $options', async ({ options, expected }) => {
        await stores.services.create(sampleService(1, { name: 'inactive', isActive: false }));
        await stores.services.create(sampleService(2, { name: 'featured', isFeatured: true }));
        await stores.services.create(sampleService(3, { name: 'plain' }));
        await stores.services.create(
          sampleService(4, { name: 'featured-inactive', isFeatured: true, isActive: false }),
        );
        const listed = await stores.services.list(options);
        expect(listed.map((s) => s.name)).toEqual(expected);
      });

      it('updates given fields, keeps the others, and moves updatedAt', async () => {
        const created = await stores.services.create(sampleService(1));
        await sleep(5);
        const updated = await stores.services.update(created._id, { name: 'Renamed', offerPrice: 500 });
        expect(updated).toMatchObject({
          _id: created._id,
          name: 'Renamed',
          offerPrice: 500,
          description: created.description,
          createdAt: created.createdAt,
        });
        expect(updated?.updatedAt && updated.updatedAt > created.updatedAt).toBe(true);
        expect(await stores.services.get(created._id)).toEqual(updated);
      });

      it('clears offerPrice when an update leaves it out (the form sends the whole service)', async () => {
        const created = await stores.services.create(sampleService(1, { offerPrice: 800 }));
        const { offerPrice: _dropped, ...withoutOffer } = sampleService(1, { name: 'No offer now' });
        const updated = await stores.services.update(created._id, withoutOffer);
        expect(updated).not.toHaveProperty('offerPrice');
        const stored = await stores.services.get(created._id);
        expect(stored).not.toHaveProperty('offerPrice');
        expect(stored?.name).toBe('No offer now');
        expect(ServiceSchema.safeParse(stored).success).toBe(true);
      });

      it('stores a service without an offer without an offerPrice key', async () => {
        const created = await stores.services.create(sampleService(1, { offerPrice: undefined }));
        expect(await stores.services.get(created._id)).not.toHaveProperty('offerPrice');
      });

      it('deletes and returns the deleted record', async () => {
        const created = await stores.services.create(sampleService(1));
        expect(await stores.services.delete(created._id)).toEqual(created);
        expect(await stores.services.get(created._id)).toBeNull();
        expect(await stores.services.delete(created._id)).toBeNull();
        expect(await stores.services.list({ activeOnly: false })).toEqual([]);
      });
    });

    describe('banners', () => {
      it('keeps the link as one field (the API edge adds its linkUrl alias)', async () => {
        const created = await stores.banners.create(sampleBanner(1, { link: 'https://example.org/x' }));
        expect(created).toMatchObject({ link: 'https://example.org/x' });
        expect(created).not.toHaveProperty('linkUrl');
        expect(isId(created._id)).toBe(true);
        expect(StoredBannerSchema.strict().parse(created)).toEqual(created);
        expect(await stores.banners.get(created._id)).toEqual(created);
        const updated = await stores.banners.update(created._id, { link: '/service' });
        expect(updated).toMatchObject({ link: '/service', title: 'Banner 1' });
        expect((await stores.banners.get(created._id))?.link).toBe('/service');
      });

      it('lists by order, then oldest first; public reads see active banners only', async () => {
        await stores.banners.create(sampleBanner(1, { title: 'second', order: 1 }));
        await stores.banners.create(sampleBanner(2, { title: 'first', order: 0 }));
        await stores.banners.create(sampleBanner(3, { title: 'third', order: 1 }));
        await stores.banners.create(sampleBanner(4, { title: 'hidden', order: 0, isActive: false }));
        const all = await stores.banners.list({ activeOnly: false });
        expect(all.map((b) => b.title)).toEqual(['first', 'hidden', 'second', 'third']);
        const active = await stores.banners.list({ activeOnly: true });
        expect(active.map((b) => b.title)).toEqual(['first', 'second', 'third']);
      });

      it('updates, deletes, and answers null for unknown ids', async () => {
        const created = await stores.banners.create(sampleBanner(1));
        const updated = await stores.banners.update(created._id, { order: 3, isActive: false });
        expect(updated).toMatchObject({ order: 3, isActive: false, title: created.title, mediaUrl: created.mediaUrl });
        expect(await stores.banners.update(MISSING_ID, { order: 1 })).toBeNull();
        expect(await stores.banners.delete(created._id)).toMatchObject({ _id: created._id, link: created.link });
        expect(await stores.banners.get(created._id)).toBeNull();
        expect(await stores.banners.delete('nope')).toBeNull();
      });
    });

    describe('admins', () => {
      const first = { username: 'Guide', email: 'guide@example.org', role: 'admin', passwordHash: 'hash' };

      it('creates the first admin once', async () => {
        expect(await stores.admins.count()).toBe(0);
        const admin = await stores.admins.createFirst(first);
        expect(admin).toMatchObject({ ...first, tokenVersion: 0, lastLogin: null });
        expect(isId(admin?._id ?? '')).toBe(true);
        expect(await stores.admins.createFirst({ ...first, username: 'other', email: 'o@example.org' })).toBeNull();
        expect(await stores.admins.count()).toBe(1);
        expect(await stores.admins.get(admin?._id ?? '')).toEqual(admin);
      });

      it('lets exactly one of 20 concurrent first-admin creations succeed', async () => {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            stores.admins.createFirst({ ...first, username: `admin${i}`, email: `admin${i}@example.org` }),
          ),
        );
        expect(results.filter((r) => r !== null)).toHaveLength(1);
        expect(await stores.admins.count()).toBe(1);
      });

      it.each([
        ['username', 'Guide'],
        ['username in another case', 'gUIDE'],
        ['email', 'guide@example.org'],
        ['email in another case', 'GUIDE@Example.org'],
      ])('finds the admin by %s', async (_label, login) => {
        const admin = await stores.admins.createFirst(first);
        expect(await stores.admins.findByLogin(login)).toEqual(admin);
      });

      it('finds by email case-insensitively and answers null for strangers', async () => {
        const admin = await stores.admins.createFirst(first);
        expect(await stores.admins.findByEmail('Guide@Example.org')).toEqual(admin);
        expect(await stores.admins.findByEmail('nobody@example.org')).toBeNull();
        expect(await stores.admins.findByLogin('nobody')).toBeNull();
        expect(await stores.admins.get(MISSING_ID)).toBeNull();
      });

      it('updates email, password hash, token version and last login', async () => {
        const admin = await stores.admins.createFirst(first);
        const id = admin?._id ?? '';
        const lastLogin = new Date().toISOString();
        const updated = await stores.admins.update(id, {
          email: 'new@example.org',
          passwordHash: 'hash2',
          tokenVersion: 1,
          lastLogin,
        });
        expect(updated).toMatchObject({ username: 'Guide', email: 'new@example.org', tokenVersion: 1, lastLogin });
        expect(await stores.admins.findByLogin('NEW@example.org')).toEqual(updated);
        expect(await stores.admins.findByEmail('guide@example.org')).toBeNull();
        expect(await stores.admins.update(MISSING_ID, { tokenVersion: 2 })).toBeNull();
      });
    });

    describe('tokens', () => {
      const inAnHour = () => new Date(Date.now() + 3_600_000);

      it('remembers revoked token ids until they expire', async () => {
        expect(await stores.tokens.isRevoked('jti-1')).toBe(false);
        await stores.tokens.revoke('jti-1', inAnHour());
        expect(await stores.tokens.isRevoked('jti-1')).toBe(true);
        expect(await stores.tokens.isRevoked('jti-2')).toBe(false);
        await stores.tokens.revoke('jti-old', new Date(Date.now() - 1_000));
        expect(await stores.tokens.isRevoked('jti-old')).toBe(false);
      });

      it('lets only the first claim of a single-use token succeed, also under concurrency', async () => {
        expect(await stores.tokens.claimOnce('reset-1', inAnHour())).toBe(true);
        expect(await stores.tokens.claimOnce('reset-1', inAnHour())).toBe(false);
        const results = await Promise.all(
          Array.from({ length: 10 }, () => stores.tokens.claimOnce('reset-2', inAnHour())),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
      });

      it('treats an expired claim as gone', async () => {
        expect(await stores.tokens.claimOnce('reset-3', new Date(Date.now() + 30))).toBe(true);
        await sleep(60);
        expect(await stores.tokens.claimOnce('reset-3', inAnHour())).toBe(true);
      });
    });

    describe('rate limits', () => {
      it('counts hits in a fixed window and starts a new one when it ends', async () => {
        const a = await stores.rateLimits.hit('login:1.2.3.4', 150);
        const b = await stores.rateLimits.hit('login:1.2.3.4', 150);
        expect(a.count).toBe(1);
        expect(b.count).toBe(2);
        expect(b.resetAt.getTime()).toBe(a.resetAt.getTime());
        expect(await stores.rateLimits.peek('login:1.2.3.4')).toEqual(b);
        await sleep(200);
        expect(await stores.rateLimits.peek('login:1.2.3.4')).toBeNull();
        const c = await stores.rateLimits.hit('login:1.2.3.4', 150);
        expect(c.count).toBe(1);
        expect(c.resetAt.getTime()).toBeGreaterThan(b.resetAt.getTime());
      });

      it('keeps keys apart, resets, and counts concurrent hits exactly', async () => {
        await stores.rateLimits.hit('a', 60_000);
        expect(await stores.rateLimits.peek('b')).toBeNull();
        await stores.rateLimits.reset('a');
        expect(await stores.rateLimits.peek('a')).toBeNull();
        const counts = await Promise.all(Array.from({ length: 20 }, () => stores.rateLimits.hit('c', 60_000)));
        expect(counts.map((s) => s.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        expect((await stores.rateLimits.peek('c'))?.count).toBe(20);
      });
    });

    describe('one-time codes', () => {
      const record = (email: string, minutes = 10) => ({
        email,
        codeHash: 'h1',
        attempts: 0,
        expiresAt: new Date(Date.now() + minutes * 60_000),
        createdAt: new Date(),
      });

      it('stores one code per email (case-insensitive) and counts attempts', async () => {
        const first = record('Guide@Example.org');
        await stores.otps.put(first);
        expect(await stores.otps.get('guide@example.org')).toEqual({ ...first, email: 'guide@example.org' });
        expect(await stores.otps.incrementAttempts('GUIDE@example.org')).toBe(1);
        expect(await stores.otps.incrementAttempts('guide@example.org')).toBe(2);
        await stores.otps.put({ ...record('guide@example.org'), codeHash: 'h2' });
        expect(await stores.otps.get('guide@example.org')).toMatchObject({ codeHash: 'h2', attempts: 0 });
        await stores.otps.delete('GUIDE@example.org');
        expect(await stores.otps.get('guide@example.org')).toBeNull();
        expect(await stores.otps.incrementAttempts('guide@example.org')).toBe(0);
      });

      it('forgets expired codes', async () => {
        await stores.otps.put(record('late@example.org', -1));
        expect(await stores.otps.get('late@example.org')).toBeNull();
        expect(await stores.otps.incrementAttempts('late@example.org')).toBe(0);
      });
    });

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

    describe('uploads', () => {
      const inAnHour = () => new Date(Date.now() + 3_600_000);

      it('tracks received chunks and the commit', async () => {
        const expiresAt = inAnHour();
        const upload = await stores.uploads.create({ size: 9, contentType: 'video/mp4', chunkSize: 4, expiresAt });
        expect(upload).toMatchObject({ size: 9, contentType: 'video/mp4', chunkSize: 4, received: {}, status: 'open' });
        expect(upload.expiresAt.getTime()).toBe(expiresAt.getTime());
        expect(upload.createdAt).toBeInstanceOf(Date);
        await stores.uploads.markChunk(upload._id, 0, 4);
        const two = await stores.uploads.markChunk(upload._id, 2, 1);
        expect(two?.received).toEqual({ '0': 4, '2': 1 });
        const committed = await stores.uploads.markCommitted(upload._id, 'abc.mp4');
        expect(committed).toMatchObject({ status: 'committed', key: 'abc.mp4', received: { '0': 4, '2': 1 } });
        expect(await stores.uploads.get(upload._id)).toEqual(committed);
        await stores.uploads.delete(upload._id);
        expect(await stores.uploads.get(upload._id)).toBeNull();
        expect(await stores.uploads.markChunk(MISSING_ID, 0, 1)).toBeNull();
        expect(await stores.uploads.markCommitted(MISSING_ID, 'k')).toBeNull();
      });

      it.each([-1, 1.5, Number.NaN])('refuses chunk index %s', async (index) => {
        const upload = await stores.uploads.create({
          size: 1,
          contentType: 'image/png',
          chunkSize: 1,
          expiresAt: inAnHour(),
        });
        await expect(stores.uploads.markChunk(upload._id, index, 1)).rejects.toThrow(RangeError);
      });

      it('lists open uploads past their expiry', async () => {
        const now = new Date();
        const old = await stores.uploads.create({
          size: 1,
          contentType: 'image/png',
          chunkSize: 1,
          expiresAt: new Date(now.getTime() - 1_000),
        });
        const done = await stores.uploads.create({
          size: 1,
          contentType: 'image/png',
          chunkSize: 1,
          expiresAt: new Date(now.getTime() - 1_000),
        });
        await stores.uploads.markCommitted(done._id, 'k.png');
        const open = await stores.uploads.create({
          size: 1,
          contentType: 'image/png',
          chunkSize: 1,
          expiresAt: inAnHour(),
        });
        expect((await stores.uploads.listExpired(now)).map((u) => u._id)).toEqual([old._id]);
        // The upload caps count only unfinished uploads still within their lifetime.
        expect((await stores.uploads.listOpen(now)).map((u) => u._id)).toEqual([open._id]);
      });
    });

    describe('meta', () => {
      it('keeps JSON values', async () => {
        expect(await stores.meta.get('missing')).toBeNull();
        await stores.meta.set('status', { state: 'idle', at: new Date('2026-01-02T03:04:05.000Z'), gone: undefined });
        expect(await stores.meta.get('status')).toEqual({ state: 'idle', at: '2026-01-02T03:04:05.000Z' });
        await stores.meta.set('status', 'replaced');
        expect(await stores.meta.get('status')).toBe('replaced');
      });

      it('increments atomically from zero', async () => {
        expect(await stores.meta.increment('contentVersion')).toBe(1);
        expect(await stores.meta.increment('contentVersion')).toBe(2);
        const values = await Promise.all(Array.from({ length: 20 }, () => stores.meta.increment('burst')));
        expect(values.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        expect(await stores.meta.get<number>('contentVersion')).toBe(2);
      });
    });

    it('closes twice without error', async () => {
      await stores.close();
      await stores.close();
    });
  });
}
