import { useState } from 'react';
import { formatDate } from '../../../shared/format';
import { TRASH_DAYS, type TrashItem, type TrashKind } from '../../../shared/schemas/trash';
import { ConfirmDeletion } from '../../components/ConfirmDeleteModal';
import { DataTable } from '../../components/DataTable';
import { EmptyState, NoticeAlert, type Notice } from '../../components/Feedback';
import { ListLoadState } from '../../components/ListLoadState';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { showToast } from '../../components/Toasts';
import { useRowAction } from '../../hooks/use-row-action';
import { useDocumentTitle } from '../../shell/admin-context';
import { useConfirmedDelete } from '../../hooks/use-confirmed-delete';
import { useResource } from '../../hooks/use-resource';
import { trashApi } from './trash-api';
import { forgetUndo, restoredDetail } from './undo';
import './trash.css';

const KIND_LABEL: Record<TrashKind, string> = { service: 'Service', banner: 'Banner', message: 'Message' };

const loadTrash = async (signal: AbortSignal) => (await trashApi.list(signal)).data;

function daysLeftText(days: number): string {
  if (days <= 0) return 'Less than a day';
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * Deleted services, banners and messages, kept for 30 days (docs/admin.md, "Trash and undo"): restore puts one back
 * as it was; "Delete for good" asks first, then removes it and its media.
 */
export default function TrashPage() {
  const { resource, update } = useResource(loadTrash);
  const [notice, setNotice] = useState<Notice>(null);
  const { busyId: restoring, run } = useRowAction(setNotice);
  const deletion = useConfirmedDelete<TrashItem>({
    remove: async ({ _id }) => {
      await trashApi.remove(_id);
      forgetUndo(_id);
      update((list) => list.filter((item) => item._id !== _id));
    },
    success: 'Deleted for good',
    failure: 'Could not delete it for good',
    onNotice: setNotice,
    onDeleted: ({ name }) => showToast({ tone: 'success', title: 'Deleted for good', detail: `‘${name}’ is gone.` }),
  });
  useDocumentTitle('Trash');

  function restore(item: TrashItem) {
    return run(
      item._id,
      () => trashApi.restore(item._id),
      () => {
        forgetUndo(item._id);
        update((list) => list.filter((entry) => entry._id !== item._id));
        showToast({ tone: 'success', title: 'Restored', detail: restoredDetail(item.kind, item.name) });
      },
      'Could not restore it',
    );
  }

  function askDelete(item: TrashItem) {
    setNotice(null);
    deletion.ask(item);
  }

  const items = resource.status === 'ready' ? resource.data : [];

  return (
    <div className="page">
      <PageHeader
        title="Trash"
        lead={`Deleted services, banners and messages wait here for ${TRASH_DAYS} days, then they are removed for good.`}
      />
      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <section className="card card-flush" aria-labelledby="trash-count-title">
        <div className="card-head">
          <h2 id="trash-count-title" className="card-title" aria-live="polite">
            In the Trash ({items.length})
          </h2>
        </div>
        <ListLoadState resource={resource} loading="Loading the Trash…" failed="Failed to load the Trash" />
        {resource.status === 'ready' && items.length === 0 ? (
          <EmptyState
            title="The Trash is empty"
            text="Anything you delete waits here for 30 days, in case you change your mind."
          />
        ) : null}
        {items.length > 0 ? (
          <DataTable columns={['ITEM', 'KIND', 'DELETED', 'DAYS LEFT', 'ACTIONS']}>
            {items.map((item) => (
              <tr key={item._id}>
                <td className="cell-primary" data-label="Item">
                  <span className="cell-title">{item.name || '(no name)'}</span>
                </td>
                <td data-label="Kind">
                  <span className={`badge trash-kind trash-kind-${item.kind}`}>{KIND_LABEL[item.kind]}</span>
                </td>
                <td data-label="Deleted" className="nowrap">
                  {formatDate(item.deletedAt)}
                </td>
                <td data-label="Days left" className="nowrap">
                  <span className={item.daysLeft <= 3 ? 'trash-days trash-days-soon' : 'trash-days'}>
                    {daysLeftText(item.daysLeft)}
                  </span>
                </td>
                <td data-label="Actions">
                  <div className="trash-actions">
                    <button
                      type="button"
                      className="button button-secondary button-sm"
                      disabled={restoring === item._id}
                      onClick={() => void restore(item)}
                    >
                      {restoring === item._id ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
                      Restore<span className="visually-hidden"> {item.name}</span>
                    </button>
                    <button
                      type="button"
                      className="button button-ghost button-sm button-danger-text"
                      onClick={() => askDelete(item)}
                    >
                      <Icon name="trash" size={16} />
                      Delete for good<span className="visually-hidden"> {item.name}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        ) : null}
      </section>

      <ConfirmDeletion deletion={deletion} title="Delete for good?">
        {(target) => (
          <p>
            Delete <strong>&ldquo;{target.name}&rdquo;</strong> for good? It cannot be restored afterwards.
          </p>
        )}
      </ConfirmDeletion>
    </div>
  );
}
