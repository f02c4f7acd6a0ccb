import { useEffect, useSyncExternalStore } from 'react';
import './Feedback.css';
import './toasts.css';

/**
 * Notices that stay in view: a fixed region just below the sticky top bar, outside the page content, so a message
 * is seen wherever the page is scrolled and survives a route change (the region lives in the app's root layout).
 * docs/admin.md, "Save confirmations", explains why saves are confirmed here rather than at the top of the page.
 */
export interface Toast {
  id: number;
  tone: 'success' | 'error' | 'info';
  /** The spec's own text where it gives one ('Service created successfully!'). */
  title: string;
  /** What it means: the item's name, when it goes live, what to do next. */
  detail?: string;
  /** One button beside the text, e.g. "Undo" after a delete (docs/admin.md, "Trash and undo"). */
  action?: { label: string; run: () => void };
  /** Names what the notice is about, so it can be retired when that changes (an Undo whose item was restored). */
  about?: string;
}

/** Successes and information leave after this long; errors stay until dismissed or replaced. */
export const TOAST_DURATION_MS = 12_000;
const MAX_TOASTS = 3;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = nextId++;
  // Any new notice retires older errors: either it is the latest failure, or what failed has since worked. A notice
  // that repeats one still shown (the same item restored twice in a minute) replaces it rather than stacking a copy.
  const repeats = (item: Toast) =>
    item.tone === toast.tone && item.title === toast.title && item.detail === toast.detail;
  const kept = toasts.filter((item) => item.tone !== 'error' && !repeats(item));
  emit([...kept, { ...toast, id }].slice(-MAX_TOASTS));
  return id;
}

export function dismissToast(id: number): void {
  emit(toasts.filter((toast) => toast.id !== id));
}

/** Removes the notices about one thing: an "Undo" is stale once its item is restored or deleted for good. */
export function dismissToastsAbout(about: string): void {
  if (toasts.some((toast) => toast.about === about)) emit(toasts.filter((toast) => toast.about !== about));
}

/** Removes every notice (used when the practitioner signs out). */
export function clearToasts(): void {
  if (toasts.length > 0) emit([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notices now shown, oldest first (the region renders these). */
export const currentToasts = (): readonly Toast[] => toasts;
const snapshot = currentToasts;

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    if (toast.tone === 'error') return;
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <div className={`toast toast-${toast.tone}`} data-toast={toast.tone}>
      <div className="toast-text">
        <p className="toast-title">{toast.title}</p>
        {toast.detail ? <p className="toast-detail">{toast.detail}</p> : null}
      </div>
      {toast.action ? (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            dismissToast(toast.id);
            toast.action?.run();
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="toast-dismiss"
        onClick={() => dismissToast(toast.id)}
        aria-label="Dismiss message"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Two live regions that always exist (screen readers announce what is added to a region already in the page):
 * polite for confirmations, assertive for failures.
 */
export function ToastRegion() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <aside className="toast-region" aria-label="Notifications">
      <div role="status" className="toast-stack">
        {list
          .filter((toast) => toast.tone !== 'error')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
      <div role="alert" className="toast-stack">
        {list
          .filter((toast) => toast.tone === 'error')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
    </aside>
  );
}
