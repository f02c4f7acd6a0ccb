// The "Undo" right after a delete: the delete moved the item to the trash, so undoing is a restore
// (docs/admin.md, "Trash and undo").
import { TRASH_DAYS, type TrashKind } from '../../../shared/schemas/trash';
import { messageOr } from '../../api/client';
import { dismissToastsAbout, showToast } from '../../components/Toasts';
import { GOES_LIVE_HINT } from '../../components/save-notice';
import { trashApi } from './trash-api';

/** The confirm dialogs' last line: the spec's "cannot be undone" is no longer true (docs/admin.md). */
export const TRASH_NOTE = `It moves to the Trash, where you can restore it for ${TRASH_DAYS} days.`;

const ON_SITE: Record<TrashKind, boolean> = { service: true, banner: true, message: false };

/** What a restored item's confirmation says: services and banners return to the site with the next publish. */
export function restoredDetail(kind: TrashKind, name: string): string {
  const quoted = `‘${name.trim()}’`;
  return ON_SITE[kind] ? `${quoted} is back. ${GOES_LIVE_HINT}` : `${quoted} is back where it was.`;
}

/** What a trashed item's notices are about (see dismissToastsAbout). */
export const trashedItem = (id: string) => `trash:${id}`;

/** Retires the Undo of an item that has left the trash another way (restored or deleted for good there). */
export function forgetUndo(id: string): void {
  dismissToastsAbout(trashedItem(id));
}

/**
 * Confirms a delete in the notices region with an Undo button. `title` is the spec's text ('Service deleted
 * successfully'); `onRestored` puts the item back in the page's own list.
 */
export function confirmTrashed({
  title,
  kind,
  id,
  name,
  onRestored,
}: {
  title: string;
  kind: TrashKind;
  id: string;
  name: string;
  onRestored: () => void;
}): void {
  showToast({
    tone: 'success',
    title,
    detail: `‘${name.trim()}’ is in the Trash for ${TRASH_DAYS} days.`,
    about: trashedItem(id),
    action: {
      label: 'Undo',
      run: () => {
        trashApi.restore(id).then(
          () => {
            showToast({ tone: 'success', title: 'Restored', detail: restoredDetail(kind, name) });
            onRestored();
          },
          (error: unknown) =>
            showToast({
              tone: 'error',
              title: messageOr(error, 'Could not undo the delete'),
              detail: 'It is still in the Trash, where you can restore it.',
            }),
        );
      },
    },
  });
}
