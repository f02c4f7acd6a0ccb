// "Sign in again" without leaving the page: the shell hosts a dialog, and a 401 opens it instead of the login page,
// so an open form keeps everything typed into it (docs/admin.md, "Session end").
import { useSyncExternalStore } from 'react';

let requested = false;
let hosts = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** The shell registers while it is on screen; without a host a 401 falls back to the login page. */
export function registerSignInHost(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
    if (hosts === 0 && requested) {
      requested = false;
      emit();
    }
  };
}

export const hasSignInHost = (): boolean => hosts > 0;

export function requestSignIn(): void {
  if (requested) return;
  requested = true;
  emit();
}

export function closeSignIn(): void {
  if (!requested) return;
  requested = false;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSignInRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}
