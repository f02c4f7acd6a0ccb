import { useCallback, useState } from 'react';
import { messageOr } from '../api/client';
import type { Notice } from '../components/Feedback';

/**
 * A list row's own action (restore from the Trash, move or show/hide a testimonial): the page's last notice goes, the
 * row's buttons are disabled while `request` runs (`busyId`), `done` shows its result and confirms it (a toast), and a
 * failure becomes the page's error notice.
 */
export function useRowAction(onNotice: (notice: Notice) => void) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const run = useCallback(
    async <T>(id: string, request: () => Promise<T>, done: (result: T) => void, failure: string) => {
      onNotice(null);
      setBusyId(id);
      try {
        // `done` and the end of `busyId` land in one render: the row's buttons are enabled again when its new
        // state shows (the testimonial order moves focus to a button, which must not be disabled then).
        done(await request());
      } catch (error) {
        onNotice({ tone: 'error', text: messageOr(error, failure) });
      } finally {
        setBusyId(null);
      }
    },
    [onNotice],
  );
  return { busyId, run };
}
