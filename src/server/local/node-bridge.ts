import type { IncomingMessage, ServerResponse } from 'node:http';

/** Netlify buffers at most 6 MB per request; the local server refuses more, so local tests catch what production would. */
export const MAX_REQUEST_BYTES = 6 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor() {
    super('Request body too large');
  }
}

/** Reads a Node request body up to `limit` bytes; stops reading (and throws) as soon as it is exceeded. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new BodyTooLargeError();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > limit) throw new BodyTooLargeError();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
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
