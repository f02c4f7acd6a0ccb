import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { PublishStatusSchema, type PublishStatus } from '../../../shared/schemas/publish';
import { apiRequest, CONTENT_SAVED_EVENT, messageOr } from '../../api/client';

const StatusReply = z.object({ success: z.literal(true), data: PublishStatusSchema });

/** While publishing: local builds take seconds, so look often; a Netlify build takes minutes. */
const POLL_PUBLISHING_MS = { local: 2_000, hook: 5_000, none: 30_000 } as const;
/** Changes waiting for the quiet period: look now and then, so the switch to publishing shows soon after it happens. */
const POLL_SCHEDULED_MS = 5_000;
/** Otherwise a slow heartbeat, so a change saved in another tab still shows up. */
const POLL_IDLE_MS = 30_000;

export interface PublishStatusView {
  status: PublishStatus | null;
  /** Milliseconds between the server's clock and this browser's (server minus browser). */
  clockOffsetMs: number;
  /** A 'Publish now' request is on its way. */
  requesting: boolean;
  /** Why the last 'Publish now' request failed (the status itself could not be changed). */
  requestError: string | null;
  publishNow: () => Promise<void>;
}

/**
 * The live site's status for the top bar: read on mount, the moment a save succeeds, after every navigation, when the
 * tab comes back into view, and on a timer, quicker while changes wait or a build runs.
 */
export function usePublishStatus(): PublishStatusView {
  const [status, setStatus] = useState<PublishStatus | null>(null);
  const [clockOffsetMs, setClockOffsetMs] = useState(0);
  const [requesting, setRequesting] = useState(false);
  const [requestError, setRequestError] = useState<string | null>(null);
  const location = useLocation();
  const inFlight = useRef<AbortController | null>(null);

  const accept = useCallback((next: PublishStatus) => {
    setStatus(next);
    setClockOffsetMs(Date.parse(next.checkedAt) - Date.now());
  }, []);

  const refresh = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      accept((await apiRequest('/admin/publish/status', StatusReply, { signal: controller.signal })).data);
    } catch {
      // The indicator keeps its last known state; a failed read is not a failed publish.
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, [accept]);

  useEffect(() => {
    void refresh();
  }, [refresh, location.pathname]);

  // A save has just succeeded: the status changes now, not at the next poll or after the form's redirect.
  useEffect(() => {
    const onSaved = () => void refresh();
    window.addEventListener(CONTENT_SAVED_EVENT, onSaved);
    return () => window.removeEventListener(CONTENT_SAVED_EVENT, onSaved);
  }, [refresh]);

  const state = status?.state;
  const mode = status?.mode ?? 'none';
  useEffect(() => {
    const delay =
      state === 'publishing' ? POLL_PUBLISHING_MS[mode] : state === 'scheduled' ? POLL_SCHEDULED_MS : POLL_IDLE_MS;
    const timer = window.setInterval(() => void refresh(), delay);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh, state, mode]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const publishNow = useCallback(async () => {
    // A read already on its way could answer after this request with the state from before it.
    inFlight.current?.abort();
    setRequesting(true);
    setRequestError(null);
    try {
      accept((await apiRequest('/admin/publish', StatusReply, { method: 'POST' })).data);
    } catch (error) {
      setRequestError(messageOr(error, 'Could not start publishing. Please try again.'));
    } finally {
      setRequesting(false);
    }
  }, [accept]);

  return { status, clockOffsetMs, requesting, requestError, publishNow };
}
