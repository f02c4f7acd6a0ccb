import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail, useSmtpServer, type ReceivedMail } from '../../../tests/support/smtp';
import { mailWorld, NOW } from './mail.fixtures';
import { dueReminder, runBookingChores, type ChoresBooking } from './scheduled';
import { bookableSlots, cancelBooking } from './service';

const HOUR = 3_600_000;
const start = new Date('2026-12-10T09:30:00Z');
const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * HOUR);
const booking = (createdHoursBefore: number, status = 'confirmed'): ChoresBooking => ({
  _id: '6750f0a1b2c3d4e5f6a7b8c9',
  serviceName: 'Tarot Reading',
  start: start.toISOString(),
  end: new Date(start.getTime() + HOUR).toISOString(),
  timeZone: 'Asia/Kolkata',
  client: { name: 'Asha', email: 'asha@example.com' },
  status,
  payment: { mode: 'free', state: 'none', amountPaise: 0 },
  version: 1,
  createdAt: at(createdHoursBefore).toISOString(),
});

describe('dueReminder', () => {
  it('is nothing before 24 hours, the 24-hour one from its mark, the 1-hour one from its mark, nothing after the start', () => {
    const made = booking(72);
    expect(dueReminder(made, at(24.01))).toBeNull();
    expect(dueReminder(made, at(24))?.key).toBe('reminder-24h');
    expect(dueReminder(made, at(2))?.key).toBe('reminder-24h');
    expect(dueReminder(made, at(1))?.key).toBe('reminder-1h');
    expect(dueReminder(made, at(0.1))?.key).toBe('reminder-1h');
    expect(dueReminder(made, at(0))).toBeNull();
    expect(dueReminder(made, at(-1))).toBeNull();
  });

  it('skips a mark the booking was made after: its confirmation told the time', () => {
    const lastMinute = booking(3);
    expect(dueReminder(lastMinute, at(2.5))).toBeNull();
    expect(dueReminder(lastMinute, at(1))?.key).toBe('reminder-1h');
    expect(dueReminder(booking(0.5), at(0.4))).toBeNull();
  });

  it('reminds only confirmed bookings', () => {
    for (const status of ['held', 'cancelled', 'expired', 'no-show']) {
      expect(dueReminder(booking(72, status), at(1))).toBeNull();
    }
  });
});

// The chores over the real embedded store, the real mailer and SMTP, and a calendar served by a local HTTP server.
describe('runBookingChores', () => {
  const smtp = useSmtpServer();
  const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('sends the 24-hour and the 1-hour reminder at their marks, once each, and none for a cancelled session', async () => {
    const world = await mailWorld(smtp.url);
    const booking = await world.book('remind@example.com');
    const gone = await world.book('gone@example.com', world.slots[1]);
    await cancelBooking(world.deps, gone._id, 'client', { refund: 'policy' }, NOW);
    await settle();
    const before = mailsTo('remind@example.com').length; // the confirmation
    const startMs = Date.parse(booking.start);
    const run = async (msBefore: number) =>
      (await runBookingChores(world.deps, new Date(startMs - msBefore))).reminders;

    expect(await run(25 * HOUR)).toBe(0);
    expect(await run(24 * HOUR - 60_000)).toBe(1);
    expect(await run(23 * HOUR)).toBe(0);
    expect(await run(2 * HOUR)).toBe(0);
    expect(await run(HOUR - 60_000)).toBe(1);
    expect(await run(30 * 60_000)).toBe(0);
    expect(await run(-60_000)).toBe(0);
    await settle();

    const reminders = mailsTo('remind@example.com').slice(before);
    expect(reminders.map((mail) => decodeMail(mail).headers['subject'])).toEqual([
      'Reminder: Akashic Records Reading tomorrow',
      'Reminder: Akashic Records Reading in an hour',
    ]);
    expect(decodeMail(reminders[1] as ReceivedMail).text).toContain('/booking/manage?token=');
    expect(mailsTo('gone@example.com').map((mail) => decodeMail(mail).headers['subject'])).toEqual([
      'Your Akashic Records Reading is booked',
      'Your Akashic Records Reading is cancelled',
    ]);
    const stored = await world.deps.stores.bookings.get(booking._id);
    expect(stored?.mailsSent).toEqual(
      expect.arrayContaining([`reminder-24h@${booking.start}`, `reminder-1h@${booking.start}`]),
    );
  });

  it('expires a payment hold past its time', async () => {
    const world = await mailWorld(smtp.url);
    const held = await world.hold('6750f0a1b2c3d4e5f6a7b8c9', world.slots[3] ?? '', {
      name: 'Ravi',
      email: 'ravi@example.com',
    });
    await runBookingChores(world.deps, new Date(NOW.getTime() + 5 * 60_000));
    expect((await world.deps.stores.bookings.get(held._id))?.status).toBe('held');
    const outcome = await runBookingChores(world.deps, new Date(NOW.getTime() + 11 * 60_000));
    expect(outcome.holdsExpired).toBe(true);
    expect((await world.deps.stores.bookings.get(held._id))?.status).toBe('expired');
  });

  describe('the practitioner’s calendar', () => {
    // Thursday 3 December, 10:00 to 12:00 in India: blocks the 10:00 and 11:15 slots (with the 15-minute buffer).
    const FEED = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//Busy//EN',
      'BEGIN:VEVENT',
      'UID:dentist@test',
      'DTSTAMP:20261130T000000Z',
      'DTSTART:20261203T043000Z',
      'DTEND:20261203T063000Z',
      'SUMMARY:Dentist',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    let answer: { status: number; body: string } = { status: 200, body: FEED };
    let hits = 0;
    let server: Server;
    let origin = '';
    beforeAll(async () => {
      server = createServer((_req, res) => {
        hits += 1;
        res.writeHead(answer.status, { 'content-type': 'text/calendar' });
        res.end(answer.body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('blocks the slots its events cover, keeps the last good times when it breaks, and records why', async () => {
      const world = await mailWorld(smtp.url);
      const deps = { ...world.deps, calendarFetch: { allowedPrivateOrigins: new Set([origin]) } };
      const thursday = async () =>
        (await bookableSlots(deps, world.serviceId, { from: '2026-12-03', to: '2026-12-03' }, NOW)).slots.map((slot) =>
          slot.start.toISOString(),
        );
      expect(await thursday()).toContain('2026-12-03T04:30:00.000Z');

      const saved = await deps.stores.availability.get();
      await deps.stores.availability.put({ ...saved, calendarUrl: `http://${origin}/secret-abc/basic.ics` });
      const first = await runBookingChores(deps, NOW);
      expect(first.busy).toEqual({ action: 'refreshed', busy: 1 });
      expect(await deps.stores.busyCache.get()).toEqual({
        fetchedAt: NOW.toISOString(),
        busy: [{ start: '2026-12-03T04:30:00.000Z', end: '2026-12-03T06:30:00.000Z' }],
      });
      const blocked = await thursday();
      expect(blocked).not.toContain('2026-12-03T04:30:00.000Z'); // 10:00
      expect(blocked).not.toContain('2026-12-03T05:45:00.000Z'); // 11:15
      expect(blocked).toContain('2026-12-03T07:00:00.000Z'); // 12:30
      await expect(world.book('blocked@example.com', '2026-12-03T04:30:00.000Z')).rejects.toThrow();

      // Fresh for ten minutes: the next run does not read it again.
      const seen = hits;
      expect((await runBookingChores(deps, new Date(NOW.getTime() + 5 * 60_000))).busy).toEqual({ action: 'fresh' });
      expect(hits).toBe(seen);

      // The address stops working: the busy times stay, with a reason the practitioner can act on.
      answer = { status: 404, body: 'Not found' };
      const broken = await runBookingChores(deps, new Date(NOW.getTime() + 11 * 60_000));
      expect(broken.busy).toMatchObject({ action: 'failed' });
      const cache = await deps.stores.busyCache.get();
      expect(cache?.busy).toHaveLength(1);
      expect(cache?.fetchedAt).toBe(NOW.toISOString());
      expect(cache?.error).toMatch(/no longer works.*paste it again/);
      expect(cache?.error).not.toContain('secret-abc');
      expect(await thursday()).not.toContain('2026-12-03T04:30:00.000Z');

      // Not a calendar at all: still the last good times, and the reason says so.
      answer = { status: 200, body: '<html>Sign in</html>' };
      await runBookingChores(deps, new Date(NOW.getTime() + 12 * 60_000));
      expect((await deps.stores.busyCache.get())?.error).toBe('This address did not return a calendar (iCal) file');

      // Working again: the error goes.
      answer = { status: 200, body: FEED };
      await runBookingChores(deps, new Date(NOW.getTime() + 13 * 60_000));
      expect((await deps.stores.busyCache.get())?.error).toBeUndefined();

      // The address removed: its times no longer block anything.
      await deps.stores.availability.put({ ...saved });
      expect((await runBookingChores(deps, new Date(NOW.getTime() + 14 * 60_000))).busy).toEqual({ action: 'cleared' });
      expect(await thursday()).toContain('2026-12-03T04:30:00.000Z');
    });
  });
});
