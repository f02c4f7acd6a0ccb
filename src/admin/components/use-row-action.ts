import { useCallback, useState } from 'react';
import { messageOr } from '../api';
import type { Notice } from './Feedback';

/**
 * A list row's own action (restore from the Trash, move or show/hide a testimonial): the page's last notice goes, the
 * row's buttons are disabled while it runs (`busyId`), and a failure becomes the page's error notice. The action
 * confirms its success itself (a toast).
 */
export function useRowAction(onNotice: (notice: Notice) => void) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const run = useCallback(
    async (id: string, action: () => Promise<void>, failure: string) => {
      onNotice(null);
      setBusyId(id);
      try {
        await action();
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
