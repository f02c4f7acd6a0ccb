// The link in a confirmation mail that lets the client cancel or reschedule (docs/bookings.md, "Managing a
// booking"): signed, for one booking and one purpose only, and dead once the booking changes or the session is over.
import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { IdSchema } from '../../shared/schemas/common';

const AUDIENCE = 'manage-booking';

/**
 * A key of its own, derived from the site's JWT secret: a manage link can never be taken for an admin session (or
 * the other way round), even though one secret is configured.
 */
const keyFrom = (jwtSecret: string) =>
  createHmac('sha256', jwtSecret).update('soul-guidance/manage-booking/v1').digest();

const Claims = z.object({ sub: IdSchema, v: z.number().int().min(0), aud: z.literal(AUDIENCE) });

export interface ManageTarget {
  bookingId: string;
  /** Raised whenever the booking is rescheduled or cancelled, so older links stop working. */
  version: number;
  /** The link works until a day after the session ends. */
  sessionEnd: Date;
}

export function signManageToken(jwtSecret: string, target: ManageTarget, now = new Date()): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = Math.max(issuedAt + 60, Math.floor(target.sessionEnd.getTime() / 1000) + 86_400);
  return jwt.sign({ v: target.version, iat: issuedAt, exp: expiresAt }, keyFrom(jwtSecret), {
    algorithm: 'HS256',
    audience: AUDIENCE,
    subject: target.bookingId,
  });
}

/** The booking and version a token names, or null when it is forged, expired or meant for something else. */
export function readManageToken(
  jwtSecret: string,
  token: string,
  now = new Date(),
): { bookingId: string; version: number } | null {
  try {
    const claims = Claims.parse(
      jwt.verify(token, keyFrom(jwtSecret), {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        clockTimestamp: Math.floor(now.getTime() / 1000),
      }),
    );
    return { bookingId: claims.sub, version: claims.v };
  } catch {
    return null;
  }
}
