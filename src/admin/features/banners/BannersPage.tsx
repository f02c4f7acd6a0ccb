import { useCallback, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import { preview } from '../../../shared/format';
import type { Banner } from '../../../shared/schemas/banner';
import { ConfirmDeletion } from '../../components/ConfirmDeleteModal';
import { EmptyState, Loading, NoticeAlert, type Notice } from '../../components/Feedback';
import { AddButton } from '../../components/AddButton';
import { Icon } from '../../components/Icon';
import { RowActions } from '../../components/RowActions';
import { PageHeader } from '../../components/PageHeader';
import { MoveCell, OrderedTable, useRowOrder } from '../../components/RowOrder';
import { StatusCell } from '../../components/StatusCells';
import { usePractitionerZone } from '../../components/schedule/use-practitioner-zone';
import { WindowNote } from '../../components/schedule/WindowNote';
import { banners as bannersApi } from '../../api/endpoints';
import { mediaSrc } from '../../api/media';
import { confirmSaved } from '../../components/save-notice';
import { useDocumentTitle } from '../../shell/admin-context';
import { useConfirmedDelete } from '../../hooks/use-confirmed-delete';
import { useResource } from '../../hooks/use-resource';
import { confirmTrashed, TRASH_NOTE } from '../trash/undo';
import { BannerFormModal } from './BannerFormModal';
import './banners.css';

// docs/product-rules.md, "Errors": a banner load failure gives an empty list, silently (see `list` below).
const NO_BANNERS: Banner[] = [];
const bannerTitle = (banner: Banner) => banner.title;

const loadBanners = async (signal: AbortSignal) =>
  [...(await bannersApi.list(signal)).data].sort((a, b) => a.order - b.order);

export default function BannersPage() {
  const { resource, reload, update } = useResource(loadBanners);
  const list = resource.status === 'loading' ? null : resource.status === 'ready' ? resource.data : [];
  const zone = usePractitionerZone();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const deletion = useConfirmedDelete<Banner>({
    remove: async ({ _id }) => {
      await bannersApi.remove(_id);
      update((list) => list.filter((banner) => banner._id !== _id));
    },
    success: 'Banner deleted successfully',
    failure: 'Error deleting banner',
    onNotice: setNotice,
    onDeleted: ({ _id, title }) =>
      confirmTrashed({
        title: 'Banner deleted successfully',
        kind: 'banner',
        id: _id,
        name: title,
        onRestored: () => reload(true),
      }),
  });
  useDocumentTitle('Banners');
  const rowOrder = useRowOrder({
    list: list ?? NO_BANNERS,
    name: bannerTitle,
    // Order numbers as the server will store them: 0, 1, 2… with no ties.
    apply: useCallback((next: Banner[]) => update(() => next.map((b, i) => ({ ...b, order: i }))), [update]),
    save: bannersApi.reorder,
    enabled: (list?.length ?? 0) > 1,
  });

  /** A new action starts with a clean slate: the previous success or failure message goes. */
  function openEditor(target: Banner | 'new') {
    setNotice(null);
    setEditing(target);
  }

  function askDelete(banner: Banner) {
    setNotice(null);
    deletion.ask(banner);
  }

  // The heading counts what visitors see: inactive banners stay in the table but not on the home page.
  const activeCount = list?.filter((banner) => banner.isActive).length ?? 0;
  const inactiveCount = (list?.length ?? 0) - activeCount;

  return (
    <div className="page">
      <PageHeader title="Banner Management" lead="The slides at the top of the home page, in order.">
        <AddButton onClick={() => openEditor('new')}>Add Banner</AddButton>
      </PageHeader>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <section className="card card-flush" aria-labelledby="banners-title">
        <div className="card-head">
          <h2 id="banners-title" className="card-title">
            Active Banners ({activeCount})
          </h2>
          {inactiveCount > 0 ? (
            <p className="muted card-head-note">
              {inactiveCount} inactive {inactiveCount === 1 ? 'banner is' : 'banners are'} listed too, hidden from the
              site.
            </p>
          ) : null}
        </div>
        {list !== null && list.length > 1 ? (
          <p className="order-hint card-pad">
            The first slide shows first. Drag a row by its handle, or use its arrows, to move it; each move is saved at
            once. A new banner goes to the end.
          </p>
        ) : null}
        {list === null ? <Loading label="Loading banners…" /> : null}
        {list !== null && list.length === 0 ? (
          <EmptyState
            title="No banners found"
            action={<AddButton onClick={() => openEditor('new')}>Create First Banner</AddButton>}
          />
        ) : null}
        {list !== null && list.length > 0 ? (
          <OrderedTable order={rowOrder} columns={['ORDER', 'BANNER', 'MEDIA', 'TYPE', 'LINK', 'STATUS', 'ACTIONS']}>
            {list.map((banner, index) => (
              <tr
                key={banner._id}
                ref={rowOrder.rowRef(banner._id)}
                className={rowOrder.rowClass(banner._id, index) || undefined}
              >
                <MoveCell order={rowOrder} index={index} id={banner._id} name={banner.title} />
                <td className="cell-primary" data-label="Banner">
                  <span className="cell-title">{banner.title}</span>
                  {banner.description ? (
                    <span className="cell-sub">{preview(banner.description, LIMITS.descriptionPreview)}</span>
                  ) : null}
                  <WindowNote window={{ start: banner.startsAt, end: banner.endsAt }} zone={zone} what="Banner" />
                </td>
                <td data-label="Media">
                  <MediaThumb banner={banner} />
                </td>
                <td data-label="Type">
                  <span className="badge badge-grey">{banner.mediaType}</span>
                </td>
                <td data-label="Link">
                  {banner.link ? (
                    <span className="cell-link" title={banner.link}>
                      {preview(banner.link, LIMITS.linkPreview)}
                    </span>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <StatusCell active={banner.isActive} />
                <RowActions onDelete={() => askDelete(banner)} deleteLabel={`Delete banner ${banner.title}`}>
                  <button type="button" className="icon-button" title="Edit" onClick={() => openEditor(banner)}>
                    <Icon name="edit" />
                    <span className="visually-hidden">Edit banner {banner.title}</span>
                  </button>
                </RowActions>
              </tr>
            ))}
          </OrderedTable>
        ) : null}
      </section>

      {editing ? (
        <BannerFormModal
          banner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(text, saved) => {
            setEditing(null);
            setNotice(null);
            // In the notices region below the top bar: the page behind the modal may be scrolled anywhere.
            confirmSaved(text, saved.title, saved.isActive);
            reload(true);
          }}
        />
      ) : null}

      <ConfirmDeletion deletion={deletion} title="Delete Banner">
        {(target) => (
          <>
            <p>Delete this banner?</p>
            <p className="muted">&ldquo;{target.title}&rdquo;</p>
            <p>{TRASH_NOTE}</p>
          </>
        )}
      </ConfirmDeletion>
    </div>
  );
}

function MediaThumb({ banner }: { banner: Banner }) {
  const src = mediaSrc(banner.mediaUrl);
  if (!src) return <span className="thumb thumb-empty" aria-hidden="true" />;
  if (banner.mediaType === 'video') {
    return (
      <video
        className="thumb thumb-wide"
        src={src}
        muted
        playsInline
        preload="metadata"
        aria-label={`${banner.title} video`}
      />
    );
  }
  return <img className="thumb thumb-wide" src={src} alt="" width={80} height={45} loading="lazy" decoding="async" />;
}
