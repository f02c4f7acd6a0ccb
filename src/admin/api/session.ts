// The admin session kept in the browser (docs/product-rules.md, "States"): a token and its expiry, as two localStorage entries.
import { ADMIN_TOKEN_LIFETIME_MS, STORAGE_KEYS } from '../../shared/constants';

type Listener = () => void;
const listeners = new Set<Listener>();

/** localStorage can throw (private mode, storage disabled); a session that cannot be stored is simply absent. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Stores a fresh token that lives 3 hours from now, or until `expiresAt` (ms) when the server said so: a renewed
 * session may end sooner, at its absolute maximum (docs/auth.md, "Sliding sessions").
 */
export function setToken(token: string, now = Date.now(), expiresAt?: number): void {
  const store = storage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.token, token);
  store.setItem(STORAGE_KEYS.expiry, String(expiresAt ?? now + ADMIN_TOKEN_LIFETIME_MS));
  notify();
}

/** Milliseconds until the stored token expires, or 0 when absent or expired. */
export function remainingMs(now = Date.now()): number {
  const store = storage();
  if (!store || getToken(now) === null) return 0;
  const expiry = readExpiry(store);
  return expiry === null ? 0 : Math.max(0, expiry - now);
}

/** True when a token is stored, expired or not: a missing session then means it ended rather than never began. */
export function hasStoredToken(): boolean {
  return storage()?.getItem(STORAGE_KEYS.token) != null;
}

export function clearToken(): void {
  const store = storage();
  if (!store) return;
  const had = store.getItem(STORAGE_KEYS.token) !== null || store.getItem(STORAGE_KEYS.expiry) !== null;
  store.removeItem(STORAGE_KEYS.token);
  store.removeItem(STORAGE_KEYS.expiry);
  if (had) notify();
}

function readExpiry(store: Storage): number | null {
  const raw = store.getItem(STORAGE_KEYS.expiry);
  if (raw === null) return null;
  const expiry = Number(raw);
  return Number.isFinite(expiry) ? expiry : null;
}

/** The token, or null when absent or expired. Reading an expired token clears it: it counts as signed out. */
export function getToken(now = Date.now()): string | null {
  const store = storage();
  if (!store) return null;
  const token = store.getItem(STORAGE_KEYS.token);
  const expiry = readExpiry(store);
  if (token === null || token === '' || expiry === null || expiry <= now) {
    clearToken();
    return null;
  }
  return token;
}

/** Whole minutes left, or 0 when absent or expired. */
export function remainingMinutes(now = Date.now()): number {
  const store = storage();
  if (!store || getToken(now) === null) return 0;
  const expiry = readExpiry(store);
  return expiry === null ? 0 : Math.max(0, Math.floor((expiry - now) / 60_000));
}

/** Called whenever the token is set or cleared in this tab (the shell re-renders the user menu). */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let renewal: Promise<void> | null = null;

/** Registers a token renewal under way, so a 401 that arrives meanwhile can wait to see which token survives. */
export function trackRenewal(pending: Promise<void>): void {
  const tracked = pending.finally(() => {
    if (renewal === tracked) renewal = null;
  });
  renewal = tracked;
}

/** Resolves once no renewal is under way. */
export function renewalSettled(): Promise<void> {
  return renewal ?? Promise.resolve();
}
