// The portal's brand follows the practitioner's site name (docs/admin.md, "The portal's name"): the login card, the
// top bar and the browser tab read it from the public site settings, and a Site save updates it at once.
import { useSyncExternalStore } from 'react';
import { API_BASE } from '../api/client';

let current: string | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(name: string | null): void {
  if (name === current) return;
  current = name;
  for (const listener of listeners) listener();
}

/** Sets the name after a Site save, so the top bar follows without a reload. */
export function setSiteName(name: string): void {
  publish(name.trim() || null);
}

/** Reads the site name once per page load; a failure leaves the plain "Admin Portal". */
function load(): void {
  loading ??= fetch(`${API_BASE}/site-settings`, { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) {
        loading = null;
        return;
      }
      const body = (await response.json()) as { data?: { identity?: { siteName?: unknown } } };
      const name = body.data?.identity?.siteName;
      if (typeof name === 'string' && current === null) publish(name.trim() || null);
    })
    .catch(() => {
      // Offline or a slow start: the next screen that shows the brand asks again.
      loading = null;
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  load();
  return () => listeners.delete(listener);
}

/** The practitioner's site name, or null until it has loaded (or when it cannot be read). */
export function useSiteName(): string | null {
  return useSyncExternalStore(subscribe, () => current);
}
