// The words of a save confirmation: the spec's own text, the item's name, and when the change reaches the site.
import { showToast } from './Toasts';

/** Publishing is debounced (docs/publishing.md); the top bar's status says when it has happened. */
export const GOES_LIVE_HINT = 'It goes live on the site with the next publish — see the status at the top.';

/**
 * A visible, announced confirmation that survives the move to another screen. `specText` is the spec's message
 * ('Service created successfully!'); an inactive item is saved but never shown on the site, so it says that instead.
 */
export function confirmSaved(specText: string, itemName: string, active = true): void {
  const name = `‘${itemName.trim()}’`;
  showToast({
    tone: 'success',
    title: specText,
    detail: active
      ? `${name} is saved. ${GOES_LIVE_HINT}`
      : `${name} is saved as inactive, so it stays off the public site.`,
  });
}

/** A failed save: the server's or the spec's message, and what to do. */
export function reportSaveFailure(message: string, detail = 'Nothing was saved. Your entries are still here.'): void {
  showToast({ tone: 'error', title: message, detail });
}
