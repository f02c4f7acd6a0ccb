import type { IncomingMessage, ServerResponse } from 'node:http';

/** Netlify buffers at most 6 MB per request; the local server refuses more, so local tests catch what production would. */
export const MAX_REQUEST_BYTES = 6 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor() {
    super('Request body too large');
  }
}

/** How much of an oversized body is read and thrown away so the client can see the 413 before the socket closes. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * Reads a Node request body up to `limit` bytes and throws BodyTooLargeError past it. An oversized body is not
 * destroyed mid-stream (a client still sending would get ECONNRESET instead of the 413): the rest is read and
 * discarded, up to a cap, while the caller answers 413 with `Connection: close`.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    const chunks: Buffer[] = [];
    let total = 0;
    let tooLarge = declared > limit;
    if (tooLarge) reject(new BodyTooLargeError());
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > MAX_DRAIN_BYTES) {
        req.destroy();
        return;
      }
      if (tooLarge) return;
      if (total > limit) {
        tooLarge = true;
        chunks.length = 0;
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!tooLarge) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

export function toWebRequest(req: IncomingMessage, origin: string, body?: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  // Netlify puts the client's address in x-nf-client-connection-ip and a client cannot set it; do the same locally
  // (overwriting anything the client sent), so rate limits key on an address an attacker cannot choose.
  headers.set('x-nf-client-connection-ip', req.socket.remoteAddress ?? 'unknown');
  const method = req.method ?? 'GET';
  const init: RequestInit = { method, headers };
  if (body && method !== 'GET' && method !== 'HEAD') init.body = new Uint8Array(body);
  return new Request(new URL(req.url ?? '/', origin), init);
}

/** Writes a web Response to a Node response, streaming its body. Returns the number of body bytes sent. */
export async function sendWebResponse(res: ServerResponse, response: Response, method = 'GET'): Promise<number> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  let sent = 0;
  if (response.body && method !== 'HEAD') {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      sent += value.byteLength;
      if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve));
    }
  }
  res.end();
  return sent;
}
