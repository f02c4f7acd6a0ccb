import type { ReactNode } from 'react';
import './Feedback.css';

/** A loading state: a spinner and words, announced politely. */
export function Loading({ label = 'Loading…', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <div className={inline ? 'loading loading-inline' : 'loading'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** Errors interrupt (role alert); successes and notices are polite (role status). */
export function Alert({
  tone,
  children,
  onDismiss,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  onDismiss?: () => void;
}) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="alert-text">{children}</div>
      {onDismiss ? (
        <button type="button" className="alert-dismiss" onClick={onDismiss} aria-label="Dismiss message">
          ×
        </button>
      ) : null}
    </div>
  );
}

/** The outcome of the last action on a page, shown above its content until dismissed or replaced. */
export type Notice = { tone: 'success' | 'error'; text: string } | null;

export function NoticeAlert({ notice, onDismiss }: { notice: Notice; onDismiss?: () => void }) {
  if (!notice) return null;
  return (
    <Alert tone={notice.tone} {...(onDismiss ? { onDismiss } : {})}>
      {notice.text}
    </Alert>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string | undefined; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-title">{title}</p>
      {text ? <p className="empty-text">{text}</p> : null}
      {action}
    </div>
  );
}

/** A determinate progress bar with its percent written out. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="progress">
      <div className="progress-head">
        <span>{label}</span>
        <span className="progress-percent">{percent}%</span>
      </div>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
