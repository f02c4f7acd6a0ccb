// A writer process for the durability and concurrency tests, run as `tsx writer.ts <db file> <writes>`.
// It writes through the embedded stores and prints `ack <kind> <id> <i> <ms>` once a write has returned (committed),
// so the parent knows exactly which writes were acknowledged. It stops by itself after <writes> writes or 60 s.
import { createEmbeddedStores } from '../../../src/server/stores/embedded/index';
import { sampleBanner, sampleService } from './samples';
import { bumpContentVersion } from '../../../src/server/stores/content-version';

const [file, writesArg] = process.argv.slice(2);
if (!file) throw new Error('usage: writer.ts <db file> <writes>');
const writes = Number(writesArg ?? 100_000);
const deadline = Date.now() + 60_000;
const stores = createEmbeddedStores(file);
// A long text makes every document span several database pages, so a torn write would show as broken JSON.
const longText = 'A quiet room with soft light. '.repeat(400);
// Each run numbers its writes from a fresh base, so the numbers keep growing across killed-and-restarted runs.
const base = Date.now() * 1000;

let maxMs = 0;
const created: string[] = [];
for (let n = 0; n < writes && Date.now() < deadline; n += 1) {
  const i = base + n;
  const started = performance.now();
  let kind: 'service' | 'update' | 'banner';
  let id: string;
  const earlier = created[n % Math.max(created.length, 1)];
  if (n % 4 === 3 && earlier) {
    // Rewrite an earlier service: readers must see the old document or the new one, never a mix.
    kind = 'update';
    id = earlier;
    await stores.services.update(id, sampleService(n, { description: `${i} ${longText}` }));
  } else if (n % 10 === 9) {
    kind = 'banner';
    id = (await stores.banners.create(sampleBanner(n)))._id;
  } else {
    kind = 'service';
    id = (await stores.services.create(sampleService(n, { description: `${i} ${longText}` })))._id;
    created.push(id);
  }
  await bumpContentVersion(stores.meta);
  const ms = performance.now() - started;
  maxMs = Math.max(maxMs, ms);
  process.stdout.write(`ack ${kind} ${id} ${i} ${ms.toFixed(2)}\n`);
}
await stores.close();
process.stdout.write(`done ${maxMs.toFixed(2)}\n`);
