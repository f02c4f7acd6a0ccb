// Saves a new order right after each move, one request at a time, and confirms it (docs/admin.md, "Order on the
// site"). A failure reloads the list from the server, so the screen never shows an order that was not saved.
import { useCallback, useRef } from 'react';
import { messageOr } from '../../api';
import { dismissToast, showToast } from '../../components/Toasts';
import { GOES_LIVE_HINT } from '../../save-notice';
import { ORDER_MESSAGES } from '../../../shared/schemas/order';

export function useOrderSaver(save: (ids: readonly string[]) => Promise<unknown>, onFailure: () => void) {
  const queue = useRef<Promise<void>>(Promise.resolve());
  /** One "Order saved" at a time: a run of moves replaces the notice instead of stacking copies. */
  const lastNotice = useRef<number | null>(null);
  return useCallback(
    (ids: readonly string[]) => {
      queue.current = queue.current.then(async () => {
        try {
          await save(ids);
          if (lastNotice.current !== null) dismissToast(lastNotice.current);
          lastNotice.current = showToast({ tone: 'success', title: ORDER_MESSAGES.saved, detail: GOES_LIVE_HINT });
        } catch (error) {
          showToast({
            tone: 'error',
            title: messageOr(error, 'Failed to save the order'),
            detail: 'The list shows the order as it is stored now.',
          });
          onFailure();
        }
      });
    },
    [save, onFailure],
  );
}
