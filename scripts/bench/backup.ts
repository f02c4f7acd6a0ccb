// `npm run bench -- backup`: the demo site's backup (docs/backup.md): zip size, the time to make it through the
// real route, the time to verify it and restore it into a fresh store, and a weekly run (first and incremental).
import { createApp } from '../../src/server/app';
import { verifyBackup, restoreBackup } from '../../src/server/backup/restore';
import { runWeeklyBackup } from '../../src/server/backup/weekly';
import { seedDemoContent } from '../../src/server/demo/demo-seed';
import { createMemoryMediaStore } from '../../src/server/media/memory';
import { createEmbeddedStores } from '../../src/server/stores/embedded';
import { createAdminSession, createTestDeps } from '../../tests/support/server/admin-session';
import type { BenchFigure } from './types';

export const title = 'Backup: demo site (embedded store, memory media)';

const ms = (start: number) => Math.round(performance.now() - start);

export async function run(): Promise<BenchFigure[]> {
  const deps = createTestDeps();
  await seedDemoContent(deps.stores, deps.media);
  const app = createApp(deps);
  const { authHeader } = await createAdminSession(app);

  let start = performance.now();
  const response = await app.request('/api/admin/backup', { headers: authHeader });
  const zip = new Uint8Array(await response.arrayBuffer());
  const backupMs = ms(start);

  start = performance.now();
  const backup = verifyBackup(zip);
  const target = createEmbeddedStores(':memory:');
  await restoreBackup(target, createMemoryMediaStore(), backup);
  const restoreMs = ms(start);
  await target.close();

  const backups = createMemoryMediaStore();
  start = performance.now();
  await runWeeklyBackup(deps.stores, deps.media, backups, new Date('2026-11-01T03:00:00Z'));
  const firstWeekly = ms(start);
  start = performance.now();
  const second = await runWeeklyBackup(deps.stores, deps.media, backups, new Date('2026-11-08T03:00:00Z'));
  const secondWeekly = ms(start);
  await deps.stores.close();

  return [
    { name: 'backup zip size', value: (zip.byteLength / 1024).toFixed(0), unit: 'KB' },
    { name: 'media files in it', value: backup.manifest.counts.media },
    {
      name: 'GET /api/admin/backup, whole body read',
      value: backupMs,
      unit: 'ms',
      budget: '≤ 10000 ms',
      ok: backupMs <= 10_000,
    },
    { name: 'verify + restore into a fresh store', value: restoreMs, unit: 'ms' },
    {
      name: 'weekly run, first (copies media)',
      value: firstWeekly,
      unit: 'ms',
      budget: '≤ 20000 ms',
      ok: firstWeekly <= 20_000,
    },
    { name: `weekly run, next (copied ${second.copied})`, value: secondWeekly, unit: 'ms' },
  ];
}
