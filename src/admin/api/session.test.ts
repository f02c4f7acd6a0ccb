import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_LIFETIME_MS, STORAGE_KEYS } from '../../shared/constants';
import {
  clearToken,
  getToken,
  hasStoredToken,
  onSessionChange,
  remainingMinutes,
  remainingMs,
  setToken,
} from './session';

/** A Storage that lives in memory, as the browser's localStorage would for one tab. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

let storage: MemoryStorage;
const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
});
afterEach(() => vi.unstubAllGlobals());

describe('admin session (docs/product-rules.md, "States")', () => {
  it('stores the token and an expiry 3 hours ahead, as two entries', () => {
    setToken('t0k3n', NOW);
    expect(storage.getItem(STORAGE_KEYS.token)).toBe('t0k3n');
    expect(Number(storage.getItem(STORAGE_KEYS.expiry))).toBe(NOW + ADMIN_TOKEN_LIFETIME_MS);
    expect(storage.length).toBe(2);
    expect(getToken(NOW)).toBe('t0k3n');
  });

  it.each([
    ['one millisecond before expiry', ADMIN_TOKEN_LIFETIME_MS - 1, 't0k3n'],
    ['at expiry', ADMIN_TOKEN_LIFETIME_MS, null],
    ['after expiry', ADMIN_TOKEN_LIFETIME_MS + 60_000, null],
  ])('reads %s', (_label, elapsed, expected) => {
    setToken('t0k3n', NOW);
    expect(getToken(NOW + elapsed)).toBe(expected);
  });

  it('clears both entries when an expired token is read: it counts as signed out', () => {
    setToken('t0k3n', NOW);
    expect(getToken(NOW + ADMIN_TOKEN_LIFETIME_MS + 1)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('treats a token without a readable expiry as absent', () => {
    storage.setItem(STORAGE_KEYS.token, 't0k3n');
    expect(getToken(NOW)).toBeNull();
    storage.setItem(STORAGE_KEYS.token, 't0k3n');
    storage.setItem(STORAGE_KEYS.expiry, 'soon');
    expect(getToken(NOW)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('reports whole minutes left, or 0 when absent or expired', () => {
    expect(remainingMinutes(NOW)).toBe(0);
    setToken('t0k3n', NOW);
    expect(remainingMinutes(NOW)).toBe(180);
    expect(remainingMinutes(NOW + 59_999)).toBe(179);
    expect(remainingMinutes(NOW + ADMIN_TOKEN_LIFETIME_MS - 30_000)).toBe(0);
    expect(remainingMinutes(NOW + ADMIN_TOKEN_LIFETIME_MS)).toBe(0);
  });

  it('tells listeners about every change in this tab', () => {
    const seen: number[] = [];
    const stop = onSessionChange(() => seen.push(storage.length));
    setToken('t0k3n', NOW);
    clearToken();
    clearToken(); // nothing left to clear: no second notice
    stop();
    setToken('again', NOW);
    expect(seen).toEqual([2, 0]);
  });

  it('stores the expiry the server gave a renewed token (docs/auth.md, "Sliding sessions")', () => {
    setToken('renewed', NOW, NOW + 90 * 60_000);
    expect(storage.getItem(STORAGE_KEYS.expiry)).toBe(String(NOW + 90 * 60_000));
    expect(remainingMs(NOW)).toBe(90 * 60_000);
    expect(remainingMs(NOW + 91 * 60_000)).toBe(0);
  });

  it('tells an ended session (a token still stored) from none at all', () => {
    expect(hasStoredToken()).toBe(false);
    setToken('t0k3n', NOW);
    storage.setItem(STORAGE_KEYS.expiry, String(NOW - 1));
    expect(hasStoredToken()).toBe(true);
    expect(getToken(NOW)).toBeNull();
    expect(hasStoredToken()).toBe(false);
  });
});
