import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { readManageToken, signManageToken } from './manage-link';

const SECRET = 'test-secret-for-vitest-only-0123456789abcdef';
const target = { bookingId: '65a1b2c3d4e5f60718293a4b', version: 2, sessionEnd: new Date('2026-12-07T05:30:00Z') };
const now = new Date('2026-12-01T10:00:00Z');

describe('manage links', () => {
  it('names its booking and version until a day after the session', () => {
    const token = signManageToken(SECRET, target, now);
    expect(readManageToken(SECRET, token, now)).toEqual({ bookingId: target.bookingId, version: 2 });
    expect(readManageToken(SECRET, token, new Date('2026-12-08T05:29:00Z'))).not.toBeNull();
    expect(readManageToken(SECRET, token, new Date('2026-12-08T05:31:00Z'))).toBeNull();
  });

  it('is refused when tampered with, signed with another secret, or an admin token signed with the site secret', () => {
    const token = signManageToken(SECRET, target, now);
    const [head, body, signature] = token.split('.');
    const otherBody = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body ?? '', 'base64url').toString()),
        sub: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      }),
    ).toString('base64url');
    expect(readManageToken(SECRET, `${head}.${otherBody}.${signature}`, now)).toBeNull();
    expect(readManageToken(`${SECRET}x`, token, now)).toBeNull();
    // Signed with the raw site secret and even the right audience: still not a manage link.
    const adminStyle = jwt.sign({ v: 0 }, SECRET, {
      audience: 'manage-booking',
      subject: target.bookingId,
      expiresIn: 3600,
    });
    expect(readManageToken(SECRET, adminStyle, now)).toBeNull();
    expect(readManageToken(SECRET, 'not-a-token', now)).toBeNull();
  });
});
