// The stranger of the login-throttling tests (docs/auth.md): requests sent from chosen loopback addresses. The local
// server takes the client address from the socket, so each 127.x.y.z the client binds is a real, distinct address.
import { request as httpRequest } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface SendOptions {
  /** The loopback address the client socket binds to. */
  from: string;
  body?: unknown;
  headers?: Record<string, string>;
  host?: string;
}

/** One request to the local server on `port`, from `options.from`; rejects only when the connection fails. */
export function sendFrom(
  port: number,
  method: string,
  route: string,
  options: SendOptions = { from: '127.0.0.1' },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpRequest(
      {
        host: options.host ?? '127.0.0.1',
        port,
        method,
        path: route,
        localAddress: options.from,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** A different loopback address for every n (n up to ~60 000). */
export const rotatingAddress = (n: number) => `127.${10 + Math.floor(n / 250)}.${n % 250}.${1 + (n % 200)}`;

export interface RotatingAttack {
  /** The status of every answered attempt so far (0 when the connection failed). */
  statuses: number[];
  /** How many attempts were sent. */
  sent(): number;
  /** Stops sending and waits for the answers still on their way. */
  stop(): Promise<void>;
}

/**
 * The stranger polling the password login: one wrong password every 300 ms, each from a new 127.x.y.z, and, with
 * `ownAddressEvery`, every such-many-th attempt from 127.0.0.1 (the owner's own address). By default one attempt at
 * a time, the next waiting for the answer, so a server slowed by a busy machine is not buried under a queue of
 * password checks; `onTheClock` sends every 300 ms whatever the answers, to fill the throttles fast.
 */
export function startRotatingAttack(
  port: number,
  options: { username: string; ownAddressEvery?: number; onTheClock?: boolean },
): RotatingAttack {
  const statuses: number[] = [];
  let sent = 0;
  const pending: Promise<unknown>[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      sent += 1;
      const own = options.ownAddressEvery !== undefined && sent % options.ownAddressEvery === 0;
      const from = own ? '127.0.0.1' : rotatingAddress(sent);
      const body = { username: options.username, password: `a stranger’s guess ${sent}` };
      const started = Date.now();
      const answered = sendFrom(port, 'POST', '/api/admin/auth/login', { from, body }).then(
        (reply) => statuses.push(reply.status),
        () => statuses.push(0),
      );
      if (options.onTheClock) pending.push(answered);
      else await answered;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 300 - (Date.now() - started))));
    }
  })();
  return {
    statuses,
    sent: () => sent,
    async stop() {
      running = false;
      await loop;
      await Promise.all(pending);
    },
  };
}
