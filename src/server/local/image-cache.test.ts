import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestDeps } from '../../../tests/support/server/admin-session';
import { ImageResponseCache } from './image-cache';
import { startBareSite, type BareSite } from './bare-site.fixtures';

const at = (address: string) => new URL(address, 'http://localhost');
const picture = (bytes: number, status = 200) =>
  new Response(new Uint8Array(bytes).fill(7), { status, headers: { 'content-type': 'image/webp' } });

describe('ImageResponseCache', () => {
  it('keeps only GET resizes of /media/ files', () => {
    const cache = new ImageResponseCache();
    expect(cache.keyFor('GET', at('/.netlify/images?url=%2Fmedia%2Fa.webp&w=640'))).toBe(
      '?url=%2Fmedia%2Fa.webp&w=640',
    );
    expect(cache.keyFor('HEAD', at('/.netlify/images?url=%2Fmedia%2Fa.webp&w=640'))).toBeNull();
    expect(cache.keyFor('GET', at('/.netlify/images?url=https%3A%2F%2Fexample.com%2Fa.webp'))).toBeNull();
    expect(cache.keyFor('GET', at('/media/a.webp'))).toBeNull();
  });

  it('answers again with the same status, headers and bytes, and keeps no failure', async () => {
    const cache = new ImageResponseCache();
    const sent = await cache.remember('a', picture(10));
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(new Uint8Array(10).fill(7));
    const again = cache.lookup('a');
    expect(again?.status).toBe(200);
    expect(again?.headers.get('content-type')).toBe('image/webp');
    expect(new Uint8Array(await again!.arrayBuffer())).toEqual(new Uint8Array(10).fill(7));
    // Each answer has its own body: reading one leaves the stored bytes whole for the next.
    expect((await cache.lookup('a')!.arrayBuffer()).byteLength).toBe(10);

    await cache.remember('missing', picture(5, 404));
    expect(cache.lookup('missing')).toBeNull();
  });

  it('lets the least recently used go past its byte limit, and passes a too large reply through', async () => {
    const cache = new ImageResponseCache({ maxBytes: 25, maxEntryBytes: 12 });
    await cache.remember('a', picture(10));
    await cache.remember('b', picture(10));
    cache.lookup('a'); // a is now the more recently used
    await cache.remember('c', picture(10));
    expect(cache.lookup('b')).toBeNull();
    expect(cache.lookup('a')).not.toBeNull();
    expect(cache.lookup('c')).not.toBeNull();
    expect(cache.size).toEqual({ entries: 2, bytes: 20 });

    const big = await cache.remember('big', picture(13));
    expect((await big.arrayBuffer()).byteLength).toBe(13);
    expect(cache.lookup('big')).toBeNull();
    // The same key stored twice counts once.
    await cache.remember('a', picture(10));
    expect(cache.size).toEqual({ entries: 2, bytes: 20 });
  });
});

describe('local server: a resized picture is made once', () => {
  let site: BareSite;
  let sourceReads = 0;

  beforeAll(async () => {
    const deps = createTestDeps();
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2b3a67' } })
      .png()
      .toBuffer();
    await deps.media.put('night.png', new Uint8Array(png), 'image/png');
    const app = createApp(deps);
    const counted = {
      fetch: (request: Request) => {
        if (new URL(request.url).pathname === '/media/night.png') sourceReads += 1;
        return app.fetch(request);
      },
    } as unknown as typeof app;
    site = await startBareSite(counted, { 'index.html': '<!doctype html><title>Home</title>' });
  }, 60_000);

  afterAll(() => site.close());

  it('resizes on the first request and answers the same bytes from memory after', async () => {
    const address = `${site.server.url}/.netlify/images?url=%2Fmedia%2Fnight.png&w=320&q=75&fm=webp`;
    const first = await fetch(address);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect((await sharp(firstBytes).metadata()).width).toBe(320);
    // The emulation reads the source to resize it (more than once, as it happens).
    const readsForOne = sourceReads;
    expect(readsForOne).toBeGreaterThan(0);

    const second = await fetch(address);
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect(sourceReads).toBe(readsForOne);

    // Another width is another picture.
    const other = await fetch(`${site.server.url}/.netlify/images?url=%2Fmedia%2Fnight.png&w=160&q=75&fm=webp`);
    expect((await sharp(Buffer.from(await other.arrayBuffer())).metadata()).width).toBe(160);
    expect(sourceReads).toBe(2 * readsForOne);
  });
});
