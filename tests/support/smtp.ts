import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Waits for the next message matching `predicate`. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/** A real SMTP server on loopback; messages are kept raw for tests to read like a person would. */
export async function startSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('no port'));
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('No matching mail arrived in time');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface DecodedMail {
  headers: Record<string, string>;
  /** Every text/plain part, decoded. */
  text: string;
  /** Every text/html part, decoded. */
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** One leaf part of a MIME message: its headers and its body with the transfer encoding undone. */
export interface MimeLeaf {
  headers: Record<string, string>;
  contentType: string;
  body: string;
}

/** Walks a raw message (or part) down its multipart tree; returns the top headers and every leaf part, in order. */
export function mimeLeaves(
  raw: string,
  into: MimeLeaf[] = [],
): { headers: Record<string, string>; leaves: MimeLeaf[] } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(split >= 0 ? raw.slice(0, split) : raw);
  const body = split >= 0 ? raw.slice(split).replace(/^\r?\n\r?\n/, '') : '';
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      mimeLeaves(part.replace(/^\r?\n/, ''), into);
    }
    return { headers, leaves: into };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  into.push({ headers, contentType: type, body: decoded });
  return { headers, leaves: into };
}

/** Decodes a received message into its headers and its text and HTML parts (enough for tests to read codes). */
export function decodeMail(mail: ReceivedMail): DecodedMail {
  const { headers, leaves } = mimeLeaves(mail.raw);
  const of = (type: string) =>
    leaves
      .filter((leaf) => leaf.contentType.startsWith(type))
      .map((leaf) => leaf.body)
      .join('');
  return { headers, text: of('text/plain'), html: of('text/html') };
}

/**
 * A loopback SMTP server for the calling describe: started before its tests and stopped after them. The handle
 * reads through to the running server, so it can be taken at collection time.
 */
export function useSmtpServer(): TestSmtp {
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.stop();
  });
  const running = (): TestSmtp => {
    if (!smtp) throw new Error('The test SMTP server is not running (useSmtpServer outside a describe?)');
    return smtp;
  };
  return {
    get url() {
      return running().url;
    },
    get port() {
      return running().port;
    },
    get messages() {
      return running().messages;
    },
    waitFor: (predicate, timeoutMs) => running().waitFor(predicate, timeoutMs),
    stop: () => running().stop(),
  };
}
