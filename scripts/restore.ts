// `npm run restore -- <backup.zip> [--force]`: puts a backup (docs/backup.md) back into the store this
// configuration uses (MongoDB when MONGODB_URI is set, else the embedded store in .data/) and its pictures back into
// the media store. Every file is checked against the manifest before anything is written.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NetlifyDev } from '@netlify/dev';
import { BackupRejectedError, restoreBackup, verifyBackup } from '../src/server/backup/restore';
import { getEnv } from '../src/server/env';
import { startLocalBlobs } from '../src/server/local/blobs-only';
import { createBlobsMediaStore } from '../src/server/media/blobs';
import { openStores } from '../src/server/stores';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((arg) => !arg.startsWith('--'));

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!file) refuse('Usage: npm run restore -- <backup.zip> [--force]');
let zip: Uint8Array;
try {
  zip = readFileSync(file);
} catch {
  refuse(`Cannot read ${file}`);
}

let backup;
try {
  backup = verifyBackup(zip);
} catch (error) {
  if (error instanceof BackupRejectedError) refuse(`Refused, nothing was written: ${error.message}.`);
  throw error;
}
const { counts, createdAt } = backup.manifest;
console.log(`Backup of ${createdAt}: every file matches its SHA-256 in the manifest.`);

const env = getEnv();
// The live site's Blobs need its site id and a personal access token (docs/backup.md, "Restore"); without them the
// pictures go to the local Blobs that `npm start` serves.
const siteID = process.env['NETLIFY_SITE_ID'];
const token = process.env['NETLIFY_AUTH_TOKEN'];
let dev: NetlifyDev | undefined;
if (!siteID || !token) {
  dev = await startLocalBlobs(projectRoot, env.DATA_DIR);
}
const media = createBlobsMediaStore('media', siteID && token ? { siteID, token } : undefined);
const stores = await openStores(env);
const started = Date.now();
try {
  console.log(
    `Restoring into ${env.MONGODB_URI ? `MongoDB (${env.MONGODB_DB})` : `the embedded store in ${env.DATA_DIR}`}:`,
  );
  await restoreBackup(stores, media, backup, { force, progress: (line) => console.log(`  ${line}`) });
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts.services} services, ${counts.banners} banners, ` +
      `${counts.testimonials} testimonials, ${counts.messages} messages, ${counts.trash} in the trash, ${counts.media} media files.`,
  );
} catch (error) {
  if (error instanceof BackupRejectedError) {
    process.exitCode = 1;
    console.error(`Refused, nothing was written: ${error.message}.`);
  } else throw error;
} finally {
  await stores.close();
  await dev?.stop();
}
