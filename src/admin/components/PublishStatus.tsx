import { useEffect, useId, useRef, useState } from 'react';
import type { PublishState } from '../../shared/schemas/publish';
import './publish/publish-status.css';
import { usePublishStatus } from './publish/usePublishStatus';

const LABEL: Record<PublishState, string> = {
  'up-to-date': 'Live site is up to date',
  publishing: 'Publishing your changes…',
  failed: 'Publishing failed',
};

/** "0:07", "2:41", "1:02:05": how long the admin's changes have been waiting for the live site. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Ticks once a second while `active`, so the elapsed time moves. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    // The clock may have stood still while idle: catch up at once, then every second.
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 1_000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [active]);
  return now;
}

/**
 * The top bar's answer to "is my change live yet?": up to date, publishing (with the elapsed time), or failed (with
 * the reason and 'Retry'). 'Publish now' rebuilds the site by hand.
 */
export function PublishStatus() {
  const { status, clockOffsetMs, requesting, requestError, publishNow } = usePublishStatus();
  const [showWhy, setShowWhy] = useState(false);
  const whyId = useId();
  const root = useRef<HTMLDivElement>(null);
  const state = status?.state ?? null;
  const now = useNow(state === 'publishing');

  // The reason closes with Escape or a click elsewhere, like the other pop-overs of the top bar.
  useEffect(() => {
    if (!showWhy) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setShowWhy(false);
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setShowWhy(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [showWhy]);

  if (!status || !state) return null;

  const since = status.publishingSince ? Date.parse(status.publishingSince) : null;
  const elapsed = state === 'publishing' && since !== null ? formatElapsed(now + clockOffsetMs - since) : null;
  const reason = requestError ?? (state === 'failed' ? status.lastError : null);

  return (
    <div className="publish" data-state={state} ref={root}>
      <p className="publish-status" role="status" aria-live="polite">
        <span className="publish-dot" aria-hidden="true" />
        <span className="publish-label">{LABEL[state]}</span>
        {/* Outside what is announced: a number changing every second would keep interrupting a screen reader. */}
        {elapsed ? (
          <span className="publish-elapsed" aria-hidden="true">
            {elapsed}
          </span>
        ) : null}
      </p>
      {reason ? (
        <button
          type="button"
          className="publish-why"
          aria-expanded={showWhy}
          aria-controls={whyId}
          onClick={() => setShowWhy((open) => !open)}
        >
          <span aria-hidden="true">?</span>
          <span className="visually-hidden">Why did publishing fail?</span>
        </button>
      ) : null}
      {state !== 'publishing' ? (
        <button
          type="button"
          className="publish-action"
          data-primary={state === 'failed' ? '' : undefined}
          disabled={requesting}
          onClick={() => {
            setShowWhy(false);
            void publishNow();
          }}
        >
          {state === 'failed' ? 'Retry' : 'Publish now'}
        </button>
      ) : null}
      {reason && showWhy ? (
        <div className="publish-reason" id={whyId}>
          {reason}
        </div>
      ) : null}
    </div>
  );
}
