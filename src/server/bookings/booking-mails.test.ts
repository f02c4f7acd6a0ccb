import { describe, expect, it } from 'vitest';
import { calendarParts, parseInvite } from '../../../tests/support/mail-calendar';
import { decodeMail, useSmtpServer, type ReceivedMail } from '../../../tests/support/smtp';
import { createMailer } from '../mail/mailer';
import type { MailMessage } from '../mail/types';
import { clientMail, practitionerMail, refundRulesText, sessionWhen, type MailBooking } from './booking-mails';

const booking: MailBooking = {
  _id: '6750f0a1b2c3d4e5f6a7b8c9',
  serviceName: 'Akashic Records Reading',
  // 15:00 to 16:00 in India.
  start: '2026-12-01T09:30:00.000Z',
  end: '2026-12-01T10:30:00.000Z',
  timeZone: 'Asia/Kolkata',
  client: { name: 'Asha Verma', email: 'asha@example.com', phone: '+919876543210' },
  note: 'First reading <b>ever</b>',
  status: 'confirmed',
  payment: { mode: 'online', state: 'paid', amountPaise: 250000 },
  version: 2,
};
const context = {
  siteName: 'Soul Guidance & Healing',
  practitionerName: 'Ishita',
  practitionerEmail: 'ishita@example.com',
  siteUrl: 'https://soul.example',
  manageUrl: 'https://soul.example/booking/manage?token=abc.def.ghi',
  policy: { fullRefundHours: 24, latePercent: 0 },
  now: new Date('2026-11-27T04:00:00Z'),
};

describe('when a session is', () => {
  it('is written in the practitioner’s zone, named, with no UTC offset', () => {
    expect(sessionWhen(booking)).toBe(
      'Tuesday, 1 December 2026, 3:00 pm to 4:00 pm India Standard Time (Asia/Kolkata)',
    );
    // London in summer names its summer time.
    expect(sessionWhen({ start: '2027-06-01T09:00:00Z', end: '2027-06-01T09:45:00Z', timeZone: 'Europe/London' })).toBe(
      'Tuesday, 1 June 2027, 10:00 am to 10:45 am British Summer Time (Europe/London)',
    );
  });

  it('states the refund rules plainly', () => {
    expect(refundRulesText({ fullRefundHours: 24, latePercent: 0 })).toBe(
      'You can cancel or move the session up to 24 hours before it starts and get a full refund. After that, the session can no longer be refunded.',
    );
    expect(refundRulesText({ fullRefundHours: 12, latePercent: 50 })).toContain('12 hours before');
    expect(refundRulesText({ fullRefundHours: 12, latePercent: 50 })).toContain('50% of the price is refunded');
  });
});

describe('the refund mail', () => {
  it('explains a payment that came too late for its time, and sends no calendar file', () => {
    const late = {
      ...booking,
      status: 'cancelled',
      cancelledBy: 'system',
      payment: { ...booking.payment, state: 'refunded', refundedPaise: 250000 },
    };
    const mail = clientMail('refunded', late, context);
    expect(mail.subject).toBe('Your refund for Akashic Records Reading');
    expect(mail.text).toContain('Your payment arrived after the time you chose had been given to someone else');
    expect(mail.text).toContain('I have refunded ₹2,500 to the account you paid from.');
    expect(mail.icalEvent).toBeUndefined();
    expect(clientMail('refunded', { ...late, cancelledBy: 'client' }, context).text).not.toContain('arrived after');
  });
});

describe('booking mails through SMTP', () => {
  const smtp = useSmtpServer();

  /** Sends `message` through the real mailer and gives the first mail the SMTP server receives that matches. */
  async function sendAndReceive(message: MailMessage, match: (mail: ReceivedMail) => boolean) {
    const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@soul.example', OUTBOX_DIR: '/nonexistent' });
    await mailer.send(message);
    return smtp.waitFor(match);
  }

  it('a confirmation reaches the client with the manage link, the refund rules and an invitation', async () => {
    const mail = await sendAndReceive(clientMail('confirmed', booking, context), (m) =>
      m.to.includes('asha@example.com'),
    );
    const decoded = decodeMail(mail);
    expect(decoded.headers['subject']).toBe('Your Akashic Records Reading is booked');
    expect(decoded.headers['reply-to']).toContain('ishita@example.com');
    expect(decoded.text).toContain('Dear Asha,');
    expect(decoded.text).toContain('Tuesday, 1 December 2026, 3:00 pm to 4:00 pm India Standard Time (Asia/Kolkata)');
    expect(decoded.text).toContain(
      'Cancel or move this session: https://soul.example/booking/manage?token=abc.def.ghi',
    );
    expect(decoded.text).toContain('Your payment of ₹2,500 has been received.');
    expect(decoded.text).toContain('up to 24 hours before it starts and get a full refund');
    expect(decoded.text).not.toMatch(/UTC|GMT\+|\+05:30/);
    expect(decoded.html).toContain('href="https://soul.example/booking/manage?token=abc.def.ghi"');

    const parts = calendarParts(mail);
    expect(parts.length).toBeGreaterThanOrEqual(1);
    expect(parts.some((p) => /method=REQUEST/i.test(p.contentType))).toBe(true);
    for (const part of parts) {
      const invite = parseInvite(part.text);
      expect(invite).toMatchObject({
        method: 'REQUEST',
        uid: `${booking._id}@bookings.soul-guidance`,
        sequence: 2,
        status: 'CONFIRMED',
        summary: 'Akashic Records Reading with Ishita',
      });
      expect(invite.start.toISOString()).toBe(booking.start);
      expect(invite.end.toISOString()).toBe(booking.end);
      expect(invite.organizer).toBe('mailto:ishita@example.com');
      expect(invite.attendees).toEqual(['mailto:asha@example.com']);
    }
  });

  it('the practitioner’s copy names the client, escapes their note, and replies to them', async () => {
    const mail = await sendAndReceive(practitionerMail('confirmed', booking, context), (m) =>
      m.to.includes('ishita@example.com'),
    );
    const decoded = decodeMail(mail);
    expect(decoded.headers['subject']).toBe('New booking: Akashic Records Reading, Asha Verma');
    expect(decoded.headers['reply-to']).toContain('asha@example.com');
    expect(decoded.text).toContain('Phone: +919876543210');
    expect(decoded.html).toContain('First reading &lt;b&gt;ever&lt;/b&gt;');
    expect(decoded.html).not.toContain('<b>ever</b>');
    expect(parseInvite(calendarParts(mail)[0]?.text ?? '').method).toBe('REQUEST');
  });

  it('a cancellation carries a CANCEL file for the same event with a higher sequence, and the refund', async () => {
    const cancelled = {
      ...booking,
      status: 'cancelled',
      version: 3,
      payment: { ...booking.payment, state: 'refunded', refundedPaise: 250000 },
    };
    const mail = await sendAndReceive(
      clientMail('cancelled', cancelled, context),
      (m) => m.to.includes('asha@example.com') && m.raw.includes('CANCEL'),
    );
    expect(decodeMail(mail).text).toContain('A refund of ₹2,500 is on its way');
    const invite = parseInvite(calendarParts(mail)[0]?.text ?? '');
    expect(invite).toMatchObject({ method: 'CANCEL', uid: `${booking._id}@bookings.soul-guidance`, sequence: 3 });
    expect(invite.status).toBe('CANCELLED');
  });
});
