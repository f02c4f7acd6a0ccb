import { describe, expect, it } from 'vitest';
import { calendarParts, parseInvite } from '../../../tests/support/mail-calendar';
import { decodeMail, useSmtpServer, type ReceivedMail } from '../../../tests/support/smtp';
import { createMailer } from '../mail/mailer';
import { readManageToken } from './manage-link';
import { mailWorld, NOW, PRACTITIONER_INBOX } from './mail.fixtures';
import { notifyBooking } from './notify';
import { cancelBooking, rescheduleBooking } from './service';

// notifyBooking through the real mailer and a real SMTP server (tests/support/smtp.ts), over the embedded store:
// both sides get one mail each with a calendar file, and a repeat sends nothing more.

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('notifyBooking', () => {
  const smtp = useSmtpServer();
  const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));
  const aboutBooking = (id: string) => (mail: ReceivedMail) => calendarParts(mail).some((p) => p.text.includes(id));

  it('sends the confirmation to the client and the practitioner once each, with a valid invitation', async () => {
    const world = await mailWorld(smtp.url);
    const booking = await world.book('confirm@example.com');
    expect(booking.status).toBe('confirmed');
    await smtp.waitFor((m) => m.to.includes('confirm@example.com'));
    await smtp.waitFor((m) => m.to.includes(PRACTITIONER_INBOX) && aboutBooking(booking._id)(m));

    // A retry (a function run again, a handler and a webhook racing) sends nothing more.
    await Promise.all([
      notifyBooking(world.deps, booking, 'confirmed'),
      notifyBooking(world.deps, booking, 'confirmed'),
      notifyBooking(world.deps, booking, 'confirmed'),
    ]);
    await settle();
    const toClient = mailsTo('confirm@example.com');
    const toPractitioner = mailsTo(PRACTITIONER_INBOX).filter(aboutBooking(booking._id));
    expect(toClient).toHaveLength(1);
    expect(toPractitioner).toHaveLength(1);

    for (const mail of [...toClient, ...toPractitioner]) {
      const parts = calendarParts(mail);
      expect(parts.length).toBeGreaterThan(0);
      const invite = parseInvite(parts[0]?.text ?? '');
      expect(invite).toMatchObject({
        method: 'REQUEST',
        uid: `${booking._id}@bookings.soul-guidance`,
        sequence: booking.version,
        status: 'CONFIRMED',
      });
      expect(invite.start.toISOString()).toBe(booking.start);
      expect(invite.end.toISOString()).toBe(booking.end);
    }

    // The client's manage link opens this booking at its current version; recording the mails did not raise it.
    const text = decodeMail(toClient[0] as ReceivedMail).text;
    const token = /booking\/manage\?token=([^\s]+)/.exec(text)?.[1] ?? '';
    const stored = await world.deps.stores.bookings.get(booking._id);
    expect(readManageToken(world.deps.env.JWT_SECRET, decodeURIComponent(token))).toEqual({
      bookingId: booking._id,
      version: stored?.version,
    });
    expect(stored?.version).toBe(booking.version);
    expect(stored?.mailsSent.sort()).toEqual(['confirmed:client', 'confirmed:practitioner']);
    expect(text).toContain('Thursday, 3 December 2026, 10:00 am to 11:00 am India Standard Time (Asia/Kolkata)');
  });

  it('a failed send never loses the booking, and the next attempt sends the mail', async () => {
    const down = await mailWorld('smtp://127.0.0.1:9');
    const booking = await down.book('retry@example.com');
    // The booking is saved and confirmed although no mail could go out; the keys were given back.
    const stored = await down.deps.stores.bookings.get(booking._id);
    expect(stored?.status).toBe('confirmed');
    expect(stored?.mailsSent).toEqual([]);

    const up = { ...down.deps, mailer: createMailer({ ...down.deps.env, SMTP_URL: smtp.url }) };
    await notifyBooking(up, booking, 'confirmed');
    await notifyBooking(up, booking, 'confirmed');
    await smtp.waitFor((m) => m.to.includes('retry@example.com'));
    await settle();
    expect(mailsTo('retry@example.com')).toHaveLength(1);
    expect(mailsTo(PRACTITIONER_INBOX).filter(aboutBooking(booking._id))).toHaveLength(1);
  });

  it('a move sends an update of the same event, and a cancellation a CANCEL with a higher sequence', async () => {
    const world = await mailWorld(smtp.url);
    const booking = await world.book('move@example.com');
    const moved = await rescheduleBooking(world.deps, booking._id, world.slots[2] ?? '', NOW);
    await rescheduleBooking(world.deps, booking._id, world.slots[2] ?? '', NOW).catch(() => undefined);
    const cancelled = await cancelBooking(world.deps, booking._id, 'client', { refund: 'policy' }, NOW);
    await notifyBooking(world.deps, cancelled, 'cancelled');
    await smtp.waitFor(
      (m) => m.to.includes('move@example.com') && /METHOD:CANCEL/.test(calendarParts(m)[0]?.text ?? ''),
    );
    await settle();

    const invites = mailsTo('move@example.com').map((mail) => parseInvite(calendarParts(mail)[0]?.text ?? ''));
    expect(invites.map((invite) => invite.method)).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
    expect(new Set(invites.map((invite) => invite.uid)).size).toBe(1);
    expect(invites[1]?.start.toISOString()).toBe(moved.start);
    const sequences = invites.map((invite) => invite.sequence);
    expect(sequences[1]).toBeGreaterThan(sequences[0] ?? Infinity);
    expect(sequences[2]).toBeGreaterThan(sequences[1] ?? Infinity);
    const subjects = mailsTo('move@example.com').map((mail) => decodeMail(mail).headers['subject']);
    expect(subjects).toEqual([
      'Your Akashic Records Reading is booked',
      'Your Akashic Records Reading has moved',
      'Your Akashic Records Reading is cancelled',
    ]);
    // The practitioner got the same three, once each.
    expect(mailsTo(PRACTITIONER_INBOX).filter(aboutBooking(booking._id))).toHaveLength(3);
  });

  it('tells no one when an unpaid hold is cancelled: it never was a booking', async () => {
    const world = await mailWorld(smtp.url);
    const booking = await world.hold('6750f0a1b2c3d4e5f6a7b8d0', world.slots[4] ?? '', {
      name: 'Ravi',
      email: 'hold@example.com',
    });
    const cancelled = await cancelBooking(world.deps, booking._id, 'practitioner', { refund: 'none' }, NOW);
    expect(cancelled.status).toBe('cancelled');
    await settle();
    expect(mailsTo('hold@example.com')).toHaveLength(0);
    expect(mailsTo(PRACTITIONER_INBOX).filter(aboutBooking(booking._id))).toHaveLength(0);
  });
});
