import { useState } from 'react';
import { messageOr } from '../api/client';
import type { Notice } from '../components/Feedback';

/**
 * The "delete after a confirmation dialog" flow every list shares: which item is awaiting confirmation, whether the
 * delete is in flight, and the success or failure notice afterwards. The dialog closes in both outcomes, so the notice
 * on the page is what tells the admin how it went.
 */
export function useConfirmedDelete<T>({
  remove,
  success,
  failure,
  onNotice,
  onDeleted,
}: {
  /** Deletes on the server, then drops the item from the page's own list. */
  remove: (item: T) => Promise<void>;
  success: string;
  /** Shown when the API gives no message of its own. */
  failure: string;
  onNotice: (notice: Notice) => void;
  /** Confirms the delete instead of the success notice (the Undo toast of features/trash/undo.ts). */
  onDeleted?: (item: T) => void;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (target === null) return;
    setBusy(true);
    try {
      await remove(target);
      if (onDeleted) onDeleted(target);
      else onNotice({ tone: 'success', text: success });
    } catch (error) {
      onNotice({ tone: 'error', text: messageOr(error, failure) });
    } finally {
      setBusy(false);
      setTarget(null);
    }
  }

  return { target, busy, ask: setTarget, cancel: () => setTarget(null), confirm };
}

/** What useConfirmedDelete returns, as ConfirmDeletion takes it. */
export type ConfirmedDelete<T> = ReturnType<typeof useConfirmedDelete<T>>;
