import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { IdSchema } from '../../shared/schemas/common';
import { AUTH_SETTINGS } from './settings';

/** `session` tokens open admin routes; `reset` tokens only set a new password. Neither works in the other's place. */
export type TokenKind = 'session' | 'reset';

const ALGORITHM = 'HS256';
const ISSUER = 'soul-guidance';
const AUDIENCE = 'soul-guidance-admin';
/** Bearer tokens longer than this are not ours; refuse them before any parsing. */
export const MAX_TOKEN_LENGTH = 2_000;

const ClaimsSchema = z.object({
  sub: IdSchema,
  kind: z.enum(['session', 'reset']),
  /** The admin's tokenVersion when the token was issued. */
  ver: z.number().int().min(0),
  jti: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  exp: z.number().int(),
  iat: z.number().int(),
  /** Seconds: when the password was typed. Renewed session tokens carry it over (docs/auth.md, "Sliding sessions"). */
  auth_time: z.number().int().optional(),
});

export interface TokenClaims {
  adminId: string;
  kind: TokenKind;
  tokenVersion: number;
  jti: string;
  expiresAt: Date;
  issuedAt: Date;
  /** When the admin signed in with a password; tokens issued before renewals existed use their own `iat`. */
  authTime: Date;
}

/** A renewal keeps the sign-in time and may end before the usual lifetime (the absolute cap). */
export interface RenewalClaims {
  authTime: Date;
  expiresAt: Date;
}

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

function lifetimeMs(kind: TokenKind): number {
  return kind === 'session' ? AUTH_SETTINGS.sessionLifetimeMs : AUTH_SETTINGS.resetTokenLifetimeMs;
}

export function signToken(
  secret: string,
  kind: TokenKind,
  admin: { _id: string; tokenVersion: number },
  renewal?: RenewalClaims,
): IssuedToken {
  const jti = randomBytes(18).toString('base64url');
  const seconds = Math.floor(lifetimeMs(kind) / 1000);
  const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const payload = renewal
    ? { kind, ver: admin.tokenVersion, auth_time: toSeconds(renewal.authTime), exp: toSeconds(renewal.expiresAt) }
    : { kind, ver: admin.tokenVersion, auth_time: Math.floor(Date.now() / 1000) };
  const token = jwt.sign(payload, secret, {
    algorithm: ALGORITHM,
    ...(renewal ? {} : { expiresIn: seconds }),
    subject: admin._id,
    jwtid: jti,
    issuer: ISSUER,
    audience: AUDIENCE,
  });
  // Read the expiry back from the token itself, so the revocation record lives exactly as long as the token.
  const decoded = jwt.decode(token) as { exp: number };
  return { token, jti, expiresAt: new Date(decoded.exp * 1000) };
}

/**
 * The claims of a genuine, unexpired token of the expected kind, or null. The algorithm list is pinned, so `alg:none`
 * and RS/HS confusion are refused by jsonwebtoken before the signature is even considered.
 */
export function verifyToken(secret: string, token: string, expected: TokenKind): TokenClaims | null {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  let payload: unknown;
  try {
    payload = jwt.verify(token, secret, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
  } catch {
    return null;
  }
  const claims = ClaimsSchema.safeParse(payload);
  if (!claims.success || claims.data.kind !== expected) return null;
  return {
    adminId: claims.data.sub,
    kind: claims.data.kind,
    tokenVersion: claims.data.ver,
    jti: claims.data.jti,
    expiresAt: new Date(claims.data.exp * 1000),
    issuedAt: new Date(claims.data.iat * 1000),
    authTime: new Date((claims.data.auth_time ?? claims.data.iat) * 1000),
  };
}
