// Backups end to end (docs/backup.md): GET /api/admin/backup on the real app, signed in, then a restore into a fresh
// store; on the embedded store and on MongoDB (the stand-in) when present, as the store contract runs.
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { seedDemoContent } from '../demo/demo-seed';
import { SITE_SETTINGS_DEFAULTS } from '../../shared/schemas/site-settings';
import { createMemoryMediaStore } from '../media/memory';
import { sha256Hex } from '../media/objects';
import type { MediaStore } from '../media/types';
import { backupAccess } from '../stores/backup-access';
import { storeImplementations } from '../stores/contract/harness';
import type { Stores } from '../stores/types';
import {
  createAdminSession,
  createTestDeps,
  DEFAULT_ADMIN,
  TEST_JWT_SECRET,
} from '../../../tests/support/server/admin-session';
import { BackupRejectedError, restoreBackup, verifyBackup } from './restore';

const DAY = 86_400_000;

/** The demo site plus what a practitioner adds over time: trash, messages, own categories, own settings. */
async function seedEverything(stores: Stores, media: MediaStore) {
  await seedDemoContent(stores, media);
  const services = await stores.services.list({ activeOnly: false });
  const now = new Date();
  await stores.trash.moveIn('service', services[0]!._id, now, new Date(now.getTime() + 30 * DAY));
  await stores.contact.create({
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '',
    subject: 'General Inquiry',
    message: 'Hello, may I book?',
  });
  const second = await stores.contact.create({
    name: 'Ben Ode',
    email: 'ben@example.com',
    phone: '',
    subject: 'General Inquiry',
    message: 'Thanks!',
  });
  await stores.trash.moveIn('message', second._id, now, new Date(now.getTime() + 30 * DAY));
  await stores.categories.save([
    { name: 'Readings', hidden: false },
    { name: 'Healing', hidden: true },
  ]);
  await stores.settings.put({
    ...SITE_SETTINGS_DEFAULTS,
    identity: { ...SITE_SETTINGS_DEFAULTS.identity, siteName: 'Backup Test Studio' },
  });
}

async function mediaHashes(media: MediaStore, keys: string[]) {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const stored = await media.get(key);
    out[key] = stored ? `${stored.contentType}:${sha256Hex(stored.data)}` : 'missing';
  }
  return out;
}

async function download(stores: Stores, media: MediaStore) {
  const app = createApp(createTestDeps({ stores, media }));
  const { authHeader } = await createAdminSession(app);
  const response = await app.request('/api/admin/backup', { headers: authHeader });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** A backup of every kind of record and media, downloaded through the API: its bytes and the files they unzip to. */
async function seededBackup() {
  const stores = createTestDeps().stores;
  const media = createMemoryMediaStore();
  await seedEverything(stores, media);
  const { bytes } = await download(stores, media);
  return { bytes, files: unzipSync(bytes) };
}

for (const impl of storeImplementations()) {
  describe.skipIf(!impl.available)(`backup round trip (${impl.name})`, () => {
    it('backs up through the API and restores every record and media file byte for byte', async () => {
      const source = await impl.open();
      const target = await impl.open();
      try {
        const media = createMemoryMediaStore();
        await seedEverything(source.stores, media);
        const before = await backupAccess(source.stores).read();

        const { response, bytes } = await download(source.stores, media);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/zip');
        expect(response.headers.get('content-disposition')).toMatch(
          /^attachment; filename="soul-guidance-backup-\d{4}-\d{2}-\d{2}\.zip"$/,
        );
        const backup = verifyBackup(bytes);
        expect(backup.manifest.counts).toEqual({
          services: before.collections.services.length,
          banners: before.collections.banners.length,
          testimonials: before.collections.testimonials.length,
          messages: 1,
          trash: 2,
          media: backup.media.length,
        });
        expect(before.collections.services.length).toBeGreaterThanOrEqual(9);
        expect(backup.media.length).toBeGreaterThanOrEqual(12);

        const restoredMedia = createMemoryMediaStore();
        const lines: string[] = [];
        await restoreBackup(target.stores, restoredMedia, backup, { progress: (line) => lines.push(line) });
        expect(lines).toContain('trash: 2 records');

        const after = await backupAccess(target.stores).read();
        expect(after).toEqual(before);
        expect(JSON.stringify(after)).toBe(JSON.stringify(before));
        const keys = backup.media.map((m) => m.key);
        expect(await mediaHashes(restoredMedia, keys)).toEqual(await mediaHashes(media, keys));
        // The restored store serves the content through the ordinary stores too.
        expect((await target.stores.settings.get())?.identity.siteName).toBe('Backup Test Studio');
        expect(await target.stores.categories.list()).toEqual([
          { name: 'Readings', hidden: false },
          { name: 'Healing', hidden: true },
        ]);

        // A second restore over content is refused unless forced.
        await expect(restoreBackup(target.stores, restoredMedia, backup)).rejects.toThrow(/--force/);
        await restoreBackup(target.stores, restoredMedia, backup, { force: true });
        expect(JSON.stringify(await backupAccess(target.stores).read())).toBe(JSON.stringify(before));
      } finally {
        await source.dispose();
        await target.dispose();
      }
    }, 120_000);
  });
}

describe('what a backup never holds', () => {
  it('carries no admin account, password hash, session, device, code or secret', async () => {
    const { files } = await seededBackup();
    expect(Object.keys(files).every((p) => p === 'manifest.json' || /^(content|media)\//.test(p))).toBe(true);
    const text = Object.entries(files)
      .filter(([p]) => !p.startsWith('media/'))
      .map(([, data]) => new TextDecoder().decode(data))
      .join('\n');
    for (const secret of [DEFAULT_ADMIN.username, DEFAULT_ADMIN.password, TEST_JWT_SECRET, 'passwordHash', '$2']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/"(tokenVersion|credentialId|publicKey|codeHash|resetAt)"/);
  });
});

describe('GET /api/admin/backup access', () => {
  it('answers 401 without a session and with a forged token', async () => {
    const app = createApp(createTestDeps());
    expect((await app.request('/api/admin/backup')).status).toBe(401);
    const forged = await app.request('/api/admin/backup', { headers: { Authorization: 'Bearer not-a-token' } });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('content-type')).toMatch(/json/);
  });
});

describe('a damaged backup', () => {
  it('is refused before anything is written', async () => {
    const { bytes, files } = await seededBackup();
    const services = new TextDecoder().decode(files['content/services.json']);
    files['content/services.json'] = new TextEncoder().encode(services.replace('Akashic', 'Akashik'));
    const tampered = zipSync(files);
    expect(() => verifyBackup(tampered)).toThrow(BackupRejectedError);
    expect(() => verifyBackup(tampered)).toThrow('content/services.json is damaged (its SHA-256 does not match)');
    expect(() => verifyBackup(bytes.slice(0, bytes.length - 200))).toThrow(/not a readable zip/);
    expect(() => verifyBackup(new TextEncoder().encode('hello'))).toThrow(BackupRejectedError);
  });
});
