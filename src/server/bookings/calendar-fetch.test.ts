import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarFeedError } from './calendar-busy';
import { fetchCalendarText, isPrivateAddress, normaliseCalendarUrl } from './calendar-fetch';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

/** A calendar server on loopback with a few misbehaving paths. */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('fetchCalendarText', () => {
  let main: { server: Server; origin: string };
  let other: { server: Server; origin: string };
  beforeAll(async () => {
    other = await serve((_req, res) => void res.end(ICS));
    main = await serve((req, res) => {
      if (req.url === '/cal.ics') return void res.end(ICS);
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/cal.ics' });
        return void res.end();
      }
      if (req.url === '/to-private') {
        res.writeHead(302, { location: `http://${other.origin}/cal.ics` });
        return void res.end();
      }
      if (req.url === '/to-metadata') {
        res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
        return void res.end();
      }
      if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'text/calendar' });
        const chunk = Buffer.alloc(64 * 1024, 'A');
        let sent = 0;
        const push = () => {
          while (sent < 6 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', push);
          }
          res.end();
        };
        return void push();
      }
      if (req.url === '/slow') return void setTimeout(() => res.end(ICS), 2_000);
      res.writeHead(404);
      return void res.end();
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => main.server.close(resolve));
    await new Promise((resolve) => other.server.close(resolve));
  });

  const allowMain = () => ({ allowedPrivateOrigins: new Set([main.origin]) });

  it('reads a calendar, following a redirect on the same allowed host', async () => {
    await expect(fetchCalendarText(`http://${main.origin}/cal.ics`, allowMain())).resolves.toBe(ICS);
    await expect(fetchCalendarText(`http://${main.origin}/moved`, allowMain())).resolves.toBe(ICS);
  });

  it('refuses a private address, and a redirect to one, without naming the secret address', async () => {
    const refusals = [
      fetchCalendarText(`http://${main.origin}/cal.ics`),
      fetchCalendarText(`http://${main.origin}/to-private`, allowMain()),
      fetchCalendarText(`http://${main.origin}/to-metadata`, allowMain()),
    ];
    for (const refusal of refusals) {
      const error = await refusal.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CalendarFeedError);
      expect((error as Error).message).toMatch(/private network/);
      expect((error as Error).message).not.toContain('cal.ics');
    }
  });

  it('refuses a host whose name resolves to a private address', async () => {
    const resolve = () => Promise.resolve(['10.0.0.7']);
    await expect(fetchCalendarText('https://calendar.example/feed.ics', { resolve })).rejects.toThrow(
      /private network/,
    );
  });

  it('stops reading past the size cap, and after the time limit', async () => {
    await expect(
      fetchCalendarText(`http://${main.origin}/huge`, { ...allowMain(), maxBytes: 5 * 1024 * 1024 }),
    ).rejects.toThrow('The calendar is too large to read');
    await expect(fetchCalendarText(`http://${main.origin}/slow`, { ...allowMain(), timeoutMs: 300 })).rejects.toThrow(
      /did not answer within/,
    );
  });

  it('says what to do when the address no longer works', async () => {
    await expect(fetchCalendarText(`http://${main.origin}/gone`, allowMain())).rejects.toThrow(
      /no longer works.*paste it again/,
    );
  });
});

describe('addresses', () => {
  it('knows private and public ranges', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '0.0.0.0']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '142.250.183.14', '2607:f8b0:4004:c07::64']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('reads webcal addresses as HTTPS and refuses other schemes and credentials', () => {
    expect(normaliseCalendarUrl('webcal://p01-caldav.icloud.com/published/2/abc').href).toBe(
      'https://p01-caldav.icloud.com/published/2/abc',
    );
    expect(() => normaliseCalendarUrl('file:///etc/passwd')).toThrow(CalendarFeedError);
    expect(() => normaliseCalendarUrl('https://user:pw@example.com/cal.ics')).toThrow(CalendarFeedError);
  });
});
