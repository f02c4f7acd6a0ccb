import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import type { AdminRecord } from '../stores/types';
import { AUTH_MESSAGES } from './admin-account';
import { AUTH_SETTINGS } from './settings';
import { signToken, verifyToken } from './tokens';

// Sliding sessions (docs/auth.md, "Sliding sessions"): a session token past half its life is traded for a fresh one,
// never beyond a fixed maximum counted from the password sign-in. Kept apart from auth.ts on purpose.

export type RenewalResult = { renewed: true; token: string; expiresAt: Date } | { renewed: false; expiresAt: Date };

/**
 * `token` must already have passed requireAdmin (valid, unrevoked, current token version). Before half-life, or once
 * the absolute maximum is reached, the same token stays in use. A renewal claims (revokes) the token it replaces
 * atomically first, so of parallel renewals only one gets a new token, and logout of the new one ends the whole chain.
 */
export async function renewSession(
  deps: AppDeps,
  admin: AdminRecord,
  token: string,
  now = new Date(),
): Promise<RenewalResult> {
  const claims = verifyToken(deps.env.JWT_SECRET, token, 'session');
  if (!claims || claims.adminId !== admin._id) throw new Refusal('unauthenticated', AUTH_MESSAGES.sessionInvalid);
  const issued = claims.issuedAt.getTime();
  const expires = claims.expiresAt.getTime();
  const halfLife = issued + (expires - issued) / 2;
  if (now.getTime() < halfLife) return { renewed: false, expiresAt: claims.expiresAt };

  const cap = claims.authTime.getTime() + AUTH_SETTINGS.sessionMaxAgeMs;
  const next = Math.min(now.getTime() + AUTH_SETTINGS.sessionLifetimeMs, cap);
  // Whole seconds, as in the token: a renewal must end later than the token it replaces, or it is no renewal.
  if (Math.floor(next / 1000) <= Math.floor(expires / 1000)) return { renewed: false, expiresAt: claims.expiresAt };

  // Claim the old token once, before anything is signed: of parallel renewals exactly one revokes it and goes on, so a
  // session never forks into several live tokens (and a logout that got there first wins).
  if (!(await deps.stores.tokens.revokeOnce(claims.jti, claims.expiresAt))) {
    throw new Refusal('unauthenticated', AUTH_MESSAGES.sessionInvalid);
  }
  const fresh = signToken(deps.env.JWT_SECRET, 'session', admin, {
    authTime: claims.authTime,
    expiresAt: new Date(next),
  });
  return { renewed: true, token: fresh.token, expiresAt: fresh.expiresAt };
}
