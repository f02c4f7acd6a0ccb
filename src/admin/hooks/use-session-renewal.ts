// Sliding sessions in the browser (docs/auth.md, "Sliding sessions"): while the practitioner is working, a session
// past half its life is traded for a fresh one, so a long form never ends in a surprise sign-out.
import { useEffect } from 'react';
import { ADMIN_TOKEN_LIFETIME_MS } from '../../shared/constants';
import { SessionRefreshReplySchema } from '../../shared/schemas/session-refresh';
import { apiRequest } from '../api/client';
import { getToken, remainingMs, setToken, trackRenewal } from '../api/session';

/** Activity is noticed at most this often; a renewal is asked for at most this often. */
const CHECK_EVERY_MS = 60_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

let inFlight: Promise<void> | null = null;

/**
 * Asks the server for a fresh token when the stored one is past half its life. The server decides (its clock, its
 * 12-hour cap); a 401 here opens the sign-in dialog like any other.
 */
export function renewSessionIfDue(now = Date.now()): Promise<void> {
  const token = getToken(now);
  if (!token || remainingMs(now) > ADMIN_TOKEN_LIFETIME_MS / 2) return Promise.resolve();
  if (inFlight) return inFlight;
  inFlight = apiRequest('/admin/auth/refresh', SessionRefreshReplySchema, { method: 'POST', isRenewal: true })
    .then((reply) => {
      // Another tab may have signed out or in meanwhile: only replace the token this request was made with.
      if (getToken() !== token) return;
      setToken(reply.renewed ? reply.token : token, Date.now(), Date.parse(reply.expiresAt));
    })
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  trackRenewal(inFlight);
  return inFlight;
}

/** While `active`, renews the session on the practitioner's activity (throttled), and checks once at start. */
export function useSessionRenewal(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let lastCheck = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastCheck < CHECK_EVERY_MS) return;
      lastCheck = now;
      void renewSessionIfDue(now);
    };
    onActivity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [active]);
}
