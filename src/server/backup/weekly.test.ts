// The weekly backup (docs/backup.md, "Weekly backups"): incremental media, eight kept, listed and downloadable.
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { seedDemoContent } from '../demo/demo-seed';
import { isProductionContext } from '../deploy-context';
import { createMemoryMediaStore } from '../media/memory';
import type { MediaStore } from '../media/types';
import { createAdminSession, createTestDeps } from '../../../tests/support/server/admin-session';
import { verifyBackup } from './restore';
import { listWeeklyBackups, runWeeklyBackup, WEEKLY_KEEP } from './weekly';

const WEEK = 7 * 86_400_000;

/** Counts the writes a store receives, so a test can see what a run copied. */
function countingStore(): MediaStore & { puts: string[] } {
  const inner = createMemoryMediaStore();
  const puts: string[] = [];
  return {
    ...inner,
    puts,
    async put(key, data, type) {
      puts.push(key);
      await inner.put(key, data, type);
    },
  };
}

async function seeded() {
  const deps = createTestDeps();
  await seedDemoContent(deps.stores, deps.media);
  const backups = countingStore();
  deps.backups = backups;
  return { deps, backups };
}

describe('weekly backup', () => {
  it('copies each media file once: a second run copies none that are already there', async () => {
    const { deps, backups } = await seeded();
    const first = await runWeeklyBackup(deps.stores, deps.media, backups, new Date('2026-11-01T03:00:00Z'));
    expect(first.copied).toBeGreaterThanOrEqual(12);
    expect(first.alreadyThere).toBe(0);
    const mediaPuts = () => backups.puts.filter((key) => key.startsWith('media/')).length;
    expect(mediaPuts()).toBe(first.copied);

    const second = await runWeeklyBackup(deps.stores, deps.media, backups, new Date('2026-11-08T03:00:00Z'));
    expect(second.copied).toBe(0);
    expect(second.alreadyThere).toBe(first.copied);
    expect(mediaPuts()).toBe(first.copied);
  });

  it('keeps the newest eight and deletes older ones', async () => {
    const { deps, backups } = await seeded();
    const start = Date.parse('2026-01-04T03:00:00Z');
    for (let week = 0; week < 10; week += 1) {
      await runWeeklyBackup(deps.stores, deps.media, backups, new Date(start + week * WEEK));
    }
    const listed = await listWeeklyBackups(backups);
    expect(listed).toHaveLength(WEEKLY_KEEP);
    expect(listed[0]!.createdAt).toBe(new Date(start + 9 * WEEK).toISOString());
    expect(listed.at(-1)!.createdAt).toBe(new Date(start + 2 * WEEK).toISOString());
    expect(listed.every((item) => item.size > 10_000)).toBe(true);
  });

  it('is listed in the portal API and downloads as a verified zip; strangers get 401', async () => {
    const { deps, backups } = await seeded();
    const run = await runWeeklyBackup(deps.stores, deps.media, backups, new Date('2026-11-22T03:00:00Z'));
    const app = createApp(deps);
    expect((await app.request('/api/admin/backup/weekly')).status).toBe(401);
    expect((await app.request(`/api/admin/backup/weekly/${run.id}`)).status).toBe(401);
    const { authHeader } = await createAdminSession(app);
    const list = await app.request('/api/admin/backup/weekly', { headers: authHeader });
    expect(await list.json()).toEqual({
      success: true,
      data: [{ id: run.id, createdAt: '2026-11-22T03:00:00.000Z', size: run.size }],
    });
    const download = await app.request(`/api/admin/backup/weekly/${run.id}`, { headers: authHeader });
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="soul-guidance-backup-2026-11-22.zip"',
    );
    const backup = verifyBackup(new Uint8Array(await download.arrayBuffer()));
    expect(backup.manifest.counts.media).toBe(run.copied);
    expect(backup.manifest.counts.services).toBe(11);
    const missing = await app.request('/api/admin/backup/weekly/2020-01-01T00-00-00-000Z', { headers: authHeader });
    expect(missing.status).toBe(404);
  });
});

describe('isProductionContext', () => {
  it('is true only for the production deploy', () => {
    expect(isProductionContext({ deploy: { context: 'production' } })).toBe(true);
    for (const context of ['deploy-preview', 'branch-deploy', 'dev']) {
      expect(isProductionContext({ deploy: { context } })).toBe(false);
    }
    expect(isProductionContext(undefined)).toBe(false);
    expect(isProductionContext({})).toBe(false);
  });
});
