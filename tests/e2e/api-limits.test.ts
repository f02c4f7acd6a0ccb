import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '../../src/shared/constants';
import { makeLargeJpeg, makeMp4 } from '../support/media-files';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Netlify's limits, proven on the real local server (scripts/serve.ts), which refuses request bodies over 6 MB as
// production does: a 15 MB video (the banner video cap) goes up in 4 MB chunks (one fails on the way and is retried), comes back
// byte-identical through Range replies of at most one chunk, and plays in Chromium; a 12 MB JPEG displays.

const MB = 1024 * 1024;
const PLATFORM_BUFFERED_LIMIT = 6 * MB;
const PLATFORM_STREAMED_LIMIT = 20 * MB;

let server: RunningServer;
let browser: Browser;
let auth: Record<string, string>;

interface Exchange {
  method: string;
  path: string;
  range: string | undefined;
  status: number;
  requestBytes: number;
  responseBytes: number;
}

/**
 * Everything (this test's own calls and Chromium's) goes through this recording proxy, so the sizes are what
 * crossed the wire: a browser's own view of a media reply may be stitched together from its cache.
 */
const wire = {
  exchanges: [] as Exchange[],
  url: '',
  server: undefined as Server | undefined,
  largest(field: 'requestBytes' | 'responseBytes', filter: (e: Exchange) => boolean = () => true) {
    return this.exchanges
      .filter(filter)
      .reduce<Exchange | undefined>((max, e) => (max && max[field] >= e[field] ? max : e), undefined);
  },
};

function startRecordingProxy(target: string): Promise<void> {
  const proxy = createServer((req, res) => {
    let requestBytes = 0;
    let responseBytes = 0;
    const upstream = httpRequest(
      `${target}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.on('data', (chunk: Buffer) => (responseBytes += chunk.byteLength));
        reply.pipe(res);
        reply.on('end', () =>
          wire.exchanges.push({
            method: req.method ?? '',
            path: req.url ?? '',
            range: req.headers.range,
            status: reply.statusCode ?? 0,
            requestBytes,
            responseBytes,
          }),
        );
      },
    );
    req.on('data', (chunk: Buffer) => (requestBytes += chunk.byteLength));
    // A client that hangs up mid-request (the injected failure) ends the upstream request too.
    req.on('aborted', () => upstream.destroy());
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  wire.server = proxy;
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      wire.url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

async function call(
  method: string,
  path: string,
  body?: Uint8Array<ArrayBuffer> | string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${wire.url}${path}`, {
    method,
    headers: { ...auth, ...headers },
    ...(body !== undefined ? { body } : {}),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, json: () => JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown> };
}

const jsonCall = (method: string, path: string, payload: unknown) =>
  call(method, path, JSON.stringify(payload), { 'Content-Type': 'application/json' });

/** A chunk PUT whose connection dies half-way: what a flaky mobile network does to an upload. */
function interruptedChunk(path: string, bytes: Uint8Array): Promise<string> {
  return new Promise((resolve) => {
    const req = httpRequest(`${wire.url}${path}`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes.byteLength) },
    });
    req.on('error', (error) => resolve(error.message));
    req.on('response', (res) => resolve(`unexpected reply ${res.statusCode}`));
    req.write(bytes.subarray(0, bytes.byteLength / 2), () => setTimeout(() => req.destroy(), 50));
  });
}

interface Upload {
  mediaUrl: string;
  mediaType: string;
  contentType: string;
  size: number;
}

/** The admin's chunked upload, chunk `failAt` failing once and retried. Returns the committed media and progress. */
async function chunkedUpload(bytes: Uint8Array<ArrayBuffer>, purpose: 'banner' | 'service', failAt?: number) {
  const started = await jsonCall('POST', '/api/admin/uploads', { size: bytes.byteLength, contentType: '', purpose });
  expect(started.response.status).toBe(201);
  const { uploadId, chunkSize, chunkCount } = started.json()['data'] as Record<string, number>;
  expect(chunkSize).toBe(UPLOAD_CHUNK_BYTES);
  const progress: number[] = [];
  let failure = '';
  for (let index = 0; index < (chunkCount ?? 0); index += 1) {
    const piece = bytes.slice(index * (chunkSize ?? 0), (index + 1) * (chunkSize ?? 0));
    const path = `/api/admin/uploads/${uploadId}/chunks/${index}`;
    if (index === failAt) failure = await interruptedChunk(path, piece);
    const sent = await call('PUT', path, piece, { 'Content-Type': 'application/octet-stream' });
    expect(sent.response.status).toBe(200);
    progress.push((sent.json()['data'] as { received: number }).received);
  }
  const committed = await call('POST', `/api/admin/uploads/${uploadId}/commit`);
  expect(committed.response.status).toBe(200);
  return { upload: committed.json()['data'] as Upload, progress, failure, chunkCount };
}

/**
 * Runs `show` on `mediaUrl` in a page of the site, as visitors see media (an API reply's own policy loads nothing,
 * docs/content-api.md). Returns what it returned and the replies for `mediaUrl` that crossed the wire meanwhile.
 */
async function inSitePage<T>(
  mediaUrl: string,
  show: (src: string) => Promise<T>,
): Promise<{ result: T; replies: Exchange[] }> {
  const page = await browser.newPage();
  const before = wire.exchanges.length;
  await page.goto(`${wire.url}/404.html`);
  const result = await page.evaluate(show, mediaUrl);
  await page.close();
  return { result, replies: wire.exchanges.slice(before).filter((e) => e.path === mediaUrl) };
}

beforeAll(async () => {
  // The limits concern /api and /media only: skip the site build to keep the suite quick.
  server = await startServer({ args: ['--no-build'] });
  await startRecordingProxy(server.url);
  const init = await fetch(`${wire.url}/api/admin/auth/init`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'limits', email: 'limits@example.com', password: 'limits-test-password' }),
  });
  const { token } = (await init.json()) as { token: string };
  auth = { Authorization: `Bearer ${token}` };
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => wire.server?.close(resolve));
  await server?.stop();
  const summary = (e: Exchange | undefined, field: 'requestBytes' | 'responseBytes') =>
    e ? `${e[field]} bytes (${e.method} ${e.path}${e.range ? ` Range ${e.range}` : ''} → ${e.status})` : 'none';
  console.log(
    [
      `[api-limits] ${wire.exchanges.length} exchanges on the wire`,
      `largest request body: ${summary(wire.largest('requestBytes'), 'requestBytes')}`,
      `largest buffered response body: ${summary(
        wire.largest('responseBytes', (e) => e.status !== 200 || !e.path.startsWith('/media/')),
        'responseBytes',
      )}`,
      `largest streamed media response (no Range): ${summary(
        wire.largest('responseBytes', (e) => e.status === 200 && e.path.startsWith('/media/')),
        'responseBytes',
      )}`,
    ].join('\n  '),
  );
});

describe('the local server enforces the platform request limit', () => {
  it('refuses a request body over 6 MB with 413, even to an admin', async () => {
    const started = await jsonCall('POST', '/api/admin/uploads', { size: 7 * MB, contentType: 'video/mp4' });
    const { uploadId } = started.json()['data'] as { uploadId: string };
    // Straight to the server (the limit is its own), declaring 7 MB: it must answer 413 without reading the body.
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${server.url}/api/admin/uploads/${uploadId}/chunks/0`, {
        method: 'PUT',
        headers: { ...auth, 'Content-Type': 'application/octet-stream', 'Content-Length': String(7 * MB) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      // The server hangs up on the rest of the body once it has answered; that is expected.
      req.on('error', (error) => setTimeout(() => reject(error), 2_000));
      req.write(new Uint8Array(256 * 1024));
    });
    expect(reply.status).toBe(413);
    expect((JSON.parse(reply.body) as { message: string }).message).toMatch(/larger than 6 MB/);
  });
});

describe('a 15 MB MP4 (the video cap) through 4 MB chunks', () => {
  const video = makeMp4({ width: 640, height: 480, fps: 10, totalBytes: 15 * MB });
  let upload: Upload;

  it('uploads with real progress, survives a dropped chunk, and commits after checking size and bytes', async () => {
    const result = await chunkedUpload(video.bytes, 'banner', 3);
    expect(result.failure).not.toBe('');
    expect(result.chunkCount).toBe(4);
    expect(result.progress).toEqual([1, 2, 3, 4]);
    upload = result.upload;
    expect(upload).toEqual({
      mediaUrl: `/media/${createHash('sha256').update(video.bytes).digest('hex').slice(0, 32)}.mp4`,
      mediaType: 'video',
      contentType: 'video/mp4',
      size: 15 * MB,
    });
  });

  it('reads back byte-identical through Range replies of at most one chunk', async () => {
    const received = new Uint8Array(upload.size);
    let offset = 0;
    while (offset < upload.size) {
      const { response, bytes } = await call('GET', upload.mediaUrl, undefined, { Range: `bytes=${offset}-` });
      expect(response.status).toBe(206);
      expect(bytes.byteLength).toBeLessThanOrEqual(UPLOAD_CHUNK_BYTES);
      expect(response.headers.get('content-type')).toBe('video/mp4');
      // A partial reply is never kept by a shared cache (docs/publishing.md, media caching).
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('netlify-cdn-cache-control')).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
      received.set(bytes, offset);
      offset += bytes.byteLength;
    }
    expect(Buffer.compare(Buffer.from(received), Buffer.from(video.bytes))).toBe(0);
  });

  it('plays in Chromium from the local server, from the start and after seeking near the end', async () => {
    const { result: played, replies } = await inSitePage(upload.mediaUrl, async (src) => {
      const element = document.createElement('video');
      element.muted = true;
      element.src = src;
      document.body.append(element);
      const until = (test: () => boolean, what: string) =>
        new Promise<void>((resolve, reject) => {
          const started = Date.now();
          const timer = setInterval(() => {
            if (element.error) reject(new Error(`video error ${element.error.code}: ${element.error.message}`));
            else if (test()) resolve();
            else if (Date.now() - started > 30_000) reject(new Error(`timed out waiting for ${what}`));
            else return;
            clearInterval(timer);
          }, 50);
        });
      await element.play();
      await until(() => element.currentTime >= 1.5, 'playback from the start');
      const early = element.currentTime;
      element.currentTime = element.duration - 2;
      await until(() => element.currentTime >= element.duration - 1.5, 'playback near the end');
      return { early, late: element.currentTime, duration: element.duration, width: element.videoWidth };
    });
    expect(played.width).toBe(640);
    expect(played.duration).toBeCloseTo(video.durationSeconds, 1);
    expect(played.early).toBeGreaterThanOrEqual(1.5);
    expect(played.late).toBeGreaterThan(video.durationSeconds - 1.6);
    // Chromium asked by Range; every reply on the wire stayed within one chunk.
    expect(replies.length).toBeGreaterThan(1);
    for (const reply of replies) {
      expect(reply.range).toMatch(/^bytes=\d+-/);
      expect(reply.status).toBe(206);
      expect(reply.responseBytes).toBeGreaterThan(0);
      expect(reply.responseBytes).toBeLessThanOrEqual(UPLOAD_CHUNK_BYTES);
    }
  });
});

describe('a 12 MB JPEG', () => {
  it('uploads in chunks and displays in Chromium', async () => {
    const jpeg = await makeLargeJpeg(12 * MB);
    expect(jpeg.bytes.byteLength).toBeGreaterThanOrEqual(12 * MB);
    const { upload } = await chunkedUpload(jpeg.bytes, 'service');
    expect(upload).toMatchObject({ mediaType: 'image', contentType: 'image/jpeg', size: jpeg.bytes.byteLength });

    const { result: shown, replies } = await inSitePage(upload.mediaUrl, async (src) => {
      const image = document.createElement('img');
      image.src = src;
      document.body.append(image);
      await image.decode();
      return { width: image.naturalWidth, height: image.naturalHeight };
    });
    expect(shown).toEqual({ width: jpeg.width, height: jpeg.height });
    // Browsers fetch images without Range, so this one reply is the whole file, streamed chunk by chunk: within
    // Netlify's streamed-response limit (20 MB), which is why images are capped at 20 MB.
    expect(replies.map((e) => [e.range, e.status, e.responseBytes])).toEqual([[undefined, 200, jpeg.bytes.byteLength]]);
    expect(jpeg.bytes.byteLength).toBeLessThan(PLATFORM_STREAMED_LIMIT);
  });
});

describe('what crossed the wire', () => {
  it('kept every accepted request under 6 MB and every reply within the platform limits', () => {
    const accepted = (e: Exchange) => e.status < 400;
    const largestRequest = wire.largest('requestBytes', accepted);
    expect(largestRequest?.requestBytes).toBe(UPLOAD_CHUNK_BYTES);
    expect(UPLOAD_CHUNK_BYTES).toBeLessThan(PLATFORM_BUFFERED_LIMIT);
    // Buffered replies (all but whole-file media streams) stay within one chunk, far under 6 MB.
    const buffered = wire.largest('responseBytes', (e) => e.status !== 200 || !e.path.startsWith('/media/'));
    expect(buffered?.responseBytes).toBe(UPLOAD_CHUNK_BYTES);
    // Whole-file media replies are streamed: Netlify allows 20 MB there. Only the image (fetched without Range) used one.
    for (const e of wire.exchanges.filter((x) => x.status === 200 && x.path.startsWith('/media/'))) {
      expect(e.path).toMatch(/\.jpg$/);
      expect(e.responseBytes).toBeLessThan(PLATFORM_STREAMED_LIMIT);
    }
  });
});
