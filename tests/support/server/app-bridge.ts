// Serves a Hono app's `request()` on a loopback port, so something outside the test's process calls (the Razorpay
// stand-in delivering a webhook) reaches the real app over HTTP.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AppBridge {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

export async function bridgeToApp(app: {
  request: (path: string, init: RequestInit) => Response | Promise<Response>;
}): Promise<AppBridge> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
        const response = await app.request(req.url ?? '/', {
          method: req.method ?? 'POST',
          headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'application/json' });
        res.end(await response.text());
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
