// `npm run seed`: fills an empty local store with the demo content (services, banners, generated pictures).
// `npm run seed -- --reset`: wipes the local data folder's content first (store, mail outbox, built site and Blobs),
// then seeds again. Stop `npm start` before a reset: it keeps the old database file open.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isContentEmpty, seedDemoContent } from '../src/server/demo/demo-seed';
import { getEnv } from '../src/server/env';
import { startLocalBlobs } from '../src/server/local/blobs-only';
import { createBlobsMediaStore } from '../src/server/media/blobs';
import { openStores } from '../src/server/stores';
import { embeddedDatabaseFile } from '../src/server/stores/embedded';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reset = process.argv.includes('--reset');

function refuse(message: string): never {
  console.log(message);
  process.exit(1);
}

const env = getEnv();
if (env.isProduction) refuse('Refusing to seed: this is a production environment (CONTEXT or NODE_ENV is production).');
if (reset && env.MONGODB_URI) {
  refuse('Refusing to reset: MONGODB_URI is set, and --reset only wipes the local data folder. Unset it to reset.');
}

if (reset) {
  // Only what this project writes there: DATA_DIR may point at a folder that holds other things too. The JWT
  // secret stays, so a reset does not change how local sessions are signed.
  const database = embeddedDatabaseFile(env.DATA_DIR);
  const targets = [
    ...['', '-wal', '-shm', '-journal'].map((suffix) => `${database}${suffix}`),
    env.OUTBOX_DIR,
    path.join(env.DATA_DIR, 'site'),
  ];
  for (const target of targets) {
    if (existsSync(target)) rmSync(target, { recursive: true, force: true });
  }
  console.log(`Wiped the content in ${env.DATA_DIR}.`);
}

// Media go to Netlify Blobs, which need a Blobs context: start @netlify/dev on the same site root as `npm start`
// (so the server finds the pictures there) with everything but Blobs switched off.
const dev = await startLocalBlobs(projectRoot, env.DATA_DIR);
const stores = await openStores(env);
try {
  if (await isContentEmpty(stores)) {
    const started = Date.now();
    const seeded = await seedDemoContent(stores, createBlobsMediaStore());
    console.log(
      `Seeded ${seeded.services} services and ${seeded.banners} banners in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } else {
    console.log('The store already holds content; nothing seeded. Use `npm run seed -- --reset` to start over.');
  }
} finally {
  await stores.close();
  await dev.stop();
}
