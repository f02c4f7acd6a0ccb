import { useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '../hooks/use-dismiss';
import type { PublishState } from '../../shared/schemas/publish';
import './publish/publish-status.css';
import { usePublishStatus } from './publish/usePublishStatus';

const LABEL: Record<Exclude<PublishState, 'scheduled'>, string> = {
  'up-to-date': 'Live site is up to date',
  publishing: 'Publishing your changes…',
  failed: 'Publishing failed',
};

/**
 * "Your changes go live in about 2 minutes": saved changes wait for a quiet period, then one build publishes them
 * all (docs/publishing.md). Whole minutes, rounded up, at least one: the build itself takes a while too.
 */
export function scheduledLabel(msUntilPublish: number): string {
  const minutes = Math.max(1, Math.ceil(msUntilPublish / 60_000));
  return `Your changes go live in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * The same state in the few words a phone's status row has room for ("Live in about 2 min"), shown there in full,
 * next to its action, so nobody has to tap to read it.
 */
export function shortLabel(state: PublishState, msUntilPublish: number): string {
  if (state === 'scheduled') return `Live in about ${Math.max(1, Math.ceil(msUntilPublish / 60_000))} min`;
  if (state === 'publishing') return 'Publishing…';
  if (state === 'failed') return 'Publishing failed';
  return 'Live site is up to date';
}

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
 * the reason and 'Retry'), or scheduled: saved changes waiting for the quiet period, with when they go live and
 * 'Publish now' to publish them at once. There is no action when there is nothing to publish.
 *
 * Wide screens show the sentence and the action in the bar. Narrow ones give it a row of its own under the bar, with
 * the short form ("Live in about 2 min · Publish now"), readable without a tap (docs/admin.md, "Publishing"). Either
 * way the words sit in one role=status region, so a screen reader hears each change once; a failure's reason opens
 * from the "?" beside it.
 */
export function PublishStatus() {
  const { status, clockOffsetMs, requesting, requestError, publishNow } = usePublishStatus();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const state = status?.state ?? null;
  const now = useNow(state === 'publishing' || state === 'scheduled');

  // The panel closes with Escape or a click elsewhere, like the other pop-overs of the top bar.
  useDismiss(open, root, () => setOpen(false));

  if (!status || !state) return null;

  const since = status.publishingSince ? Date.parse(status.publishingSince) : null;
  const elapsed = state === 'publishing' && since !== null ? formatElapsed(now + clockOffsetMs - since) : null;
  const publishAt = status.publishAt ? Date.parse(status.publishAt) : null;
  const label =
    state === 'scheduled' ? scheduledLabel(publishAt === null ? 0 : publishAt - (now + clockOffsetMs)) : LABEL[state];
  const short = shortLabel(state, (publishAt ?? 0) - (now + clockOffsetMs));
  const reason = requestError ?? (state === 'failed' ? status.lastError : null);
  // Only when there is something to publish: waiting changes ('Publish now') or a failed build ('Retry').
  const hasAction = state === 'scheduled' || state === 'failed';
  const actionLabel = state === 'failed' ? 'Retry' : 'Publish now';
  const act = () => {
    setOpen(false);
    void publishNow();
  };
  const action = (where: 'bar' | 'panel') => (
    <button
      type="button"
      className={`publish-action publish-action-${where}`}
      data-primary={state === 'failed' ? '' : undefined}
      disabled={requesting}
      onClick={act}
    >
      {actionLabel}
    </button>
  );

  // The "?" opens and closes the panel with the reason of a failure.
  const toggle = {
    type: 'button',
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((value) => !value),
  } as const;
  /** Not announced: a number changing every second would keep interrupting a screen reader. */
  const unannounced = (text: string | null) =>
    text ? (
      <span className="publish-elapsed" aria-hidden="true">
        {text}
      </span>
    ) : null;

  return (
    <div className="publish" data-state={state} ref={root}>
      <p className="publish-status" role="status" aria-live="polite">
        <span className="publish-dot" aria-hidden="true" />
        {/* One of the two shows (publish-status.css): the sentence on wide screens, the short one on phones. */}
        <span className="publish-label">{label}</span>
        <span className="publish-label-short">{short}</span>
        {unannounced(elapsed)}
      </p>
      {reason ? (
        <button className="publish-why" {...toggle}>
          <span aria-hidden="true">?</span>
          <span className="visually-hidden">Why did publishing fail?</span>
        </button>
      ) : null}
      {hasAction ? (
        <>
          {state === 'scheduled' || state === 'failed' ? (
            <span className="publish-separator" aria-hidden="true">
              ·
            </span>
          ) : null}
          {action('bar')}
        </>
      ) : null}
      {open && reason ? (
        <div className="publish-panel" id={panelId}>
          <p className="publish-reason">{reason}</p>
        </div>
      ) : null}
    </div>
  );
}
