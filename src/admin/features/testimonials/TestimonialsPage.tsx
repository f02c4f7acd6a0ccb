import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatDayDate } from '../../../shared/format';
import { TESTIMONIAL_HOME_MAX, type TestimonialRecord } from '../../../shared/schemas/testimonial';
import { ConfirmDeletion } from '../../components/ConfirmDeleteModal';
import { EmptyState, NoticeAlert, type Notice } from '../../components/Feedback';
import { ListLoadState } from '../../components/ListLoadState';
import { AddButton } from '../../components/AddButton';
import { Icon } from '../../components/Icon';
import { DeleteIconButton } from '../../components/RowButtons';
import { PageHeader } from '../../components/PageHeader';
import { showToast } from '../../components/Toasts';
import { useRowAction } from '../../hooks/use-row-action';
import { services as servicesApi } from '../../api/endpoints';
import { GOES_LIVE_HINT } from '../../components/save-notice';
import { useDocumentTitle } from '../../shell/admin-context';
import { useConfirmedDelete } from '../../hooks/use-confirmed-delete';
import { useResource } from '../../hooks/use-resource';
import { TestimonialModal } from './TestimonialModal';
import { testimonialsApi } from './testimonials-api';
import { toInput } from './testimonial-model';
import './testimonials.css';

interface Loaded {
  items: TestimonialRecord[];
  services: { _id: string; name: string }[];
}

const load = async (signal: AbortSignal): Promise<Loaded> => {
  const [items, services] = await Promise.all([testimonialsApi.list(signal), servicesApi.list(signal)]);
  return { items: items.data, services: services.data.map(({ _id, name }) => ({ _id, name })) };
};

function Stars({ rating }: { rating: number }) {
  return (
    <span className="testimonial-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(rating)}
      <span className="testimonial-stars-off">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/**
 * Testimonials (docs/admin.md, "Testimonials"): add, edit, order with Move up / Move down (plain buttons, so the
 * keyboard works as well as a pointer), hide or show, feature up to three on the home page, delete after a question.
 */
export default function TestimonialsPage() {
  const { resource, reload, update } = useResource(load);
  const [editing, setEditing] = useState<TestimonialRecord | 'new' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const { busyId, run } = useRowAction(setNotice);
  /** After a move the button is focused again in its new place (React moves the row, which drops focus). */
  const refocus = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);
  useDocumentTitle('Testimonials');

  const deletion = useConfirmedDelete<TestimonialRecord>({
    remove: async ({ _id }) => {
      await testimonialsApi.remove(_id);
      update((data) => ({ ...data, items: data.items.filter((t) => t._id !== _id) }));
    },
    success: 'Testimonial deleted',
    failure: 'The testimonial was not deleted',
    onNotice: setNotice,
    onDeleted: ({ name }) =>
      showToast({ tone: 'success', title: 'Testimonial deleted', detail: `‘${name}’ is removed. ${GOES_LIVE_HINT}` }),
  });

  const data = resource.status === 'ready' ? resource.data : null;
  const serviceNames = useMemo(() => new Map(data?.services.map((s) => [s._id, s.name])), [data]);
  const featuredCount = data?.items.filter((t) => t.featuredOnHome).length ?? 0;

  useEffect(() => {
    const wish = refocus.current;
    if (!wish) return;
    refocus.current = null;
    const wanted = document.getElementById(`move-${wish.direction}-${wish.id}`);
    const other = document.getElementById(`move-${wish.direction === 'up' ? 'down' : 'up'}-${wish.id}`);
    const target = wanted instanceof HTMLButtonElement && !wanted.disabled ? wanted : other;
    target?.focus();
  }, [data]);

  const move = useCallback(
    (item: TestimonialRecord, direction: 'up' | 'down') =>
      run(
        item._id,
        () => testimonialsApi.move(item._id, direction),
        (reply) => {
          refocus.current = { id: item._id, direction };
          update((current) => ({ ...current, items: reply.data }));
          showToast({
            tone: 'success',
            title: 'Order saved',
            detail: `‘${item.name}’ moved ${direction}. ${GOES_LIVE_HINT}`,
          });
        },
        'The order was not saved',
      ),
    [run, update],
  );

  function toggleVisible(item: TestimonialRecord) {
    return run(
      item._id,
      () => testimonialsApi.save(item._id, { ...toInput(item), isVisible: !item.isVisible }),
      (reply) => {
        update((current) => ({
          ...current,
          items: current.items.map((t) => (t._id === item._id ? reply.data : t)),
        }));
        showToast({
          tone: 'success',
          title: reply.data.isVisible ? 'Testimonial shown' : 'Testimonial hidden',
          detail: reply.data.isVisible
            ? `‘${item.name}’ is visible again. ${GOES_LIVE_HINT}`
            : `‘${item.name}’ is kept here but leaves the site with the next publish.`,
        });
      },
      'The testimonial was not saved',
    );
  }

  return (
    <div className="page">
      <PageHeader
        title="Testimonials"
        lead="Kind words from clients, shown on each service's page and, for a few chosen ones, on the home page."
      >
        <AddButton onClick={() => setEditing('new')}>Add Testimonial</AddButton>
      </PageHeader>
      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <section className="card card-flush" aria-labelledby="testimonials-count-title">
        <div className="card-head">
          <h2 id="testimonials-count-title" className="card-title" aria-live="polite">
            Testimonials ({data?.items.length ?? 0})
          </h2>
          <p className="testimonials-home-count">
            On the home page: {featuredCount} of {TESTIMONIAL_HOME_MAX}
          </p>
        </div>
        <ListLoadState resource={resource} loading="Loading testimonials…" failed="Failed to load testimonials" />
        {data && data.items.length === 0 ? (
          <EmptyState
            title="No testimonials yet"
            text="When a client shares kind words and agrees to show them, add them here."
            action={<AddButton onClick={() => setEditing('new')}>Add Testimonial</AddButton>}
          />
        ) : null}
        {data && data.items.length > 0 ? (
          <ol className="testimonial-list">
            {data.items.map((item, index) => {
              const serviceName = item.serviceId ? serviceNames.get(item.serviceId) : undefined;
              const busy = busyId === item._id;
              return (
                <li key={item._id} className={item.isVisible ? 'testimonial-row' : 'testimonial-row is-hidden'}>
                  <div className="testimonial-order" aria-label={`Position ${index + 1}`}>
                    <button
                      id={`move-up-${item._id}`}
                      type="button"
                      className="icon-button"
                      disabled={index === 0 || busy}
                      onClick={() => void move(item, 'up')}
                      title="Move up"
                    >
                      <span aria-hidden="true">↑</span>
                      <span className="visually-hidden">Move ‘{item.name}’ up</span>
                    </button>
                    <button
                      id={`move-down-${item._id}`}
                      type="button"
                      className="icon-button"
                      disabled={index === data.items.length - 1 || busy}
                      onClick={() => void move(item, 'down')}
                      title="Move down"
                    >
                      <span aria-hidden="true">↓</span>
                      <span className="visually-hidden">Move ‘{item.name}’ down</span>
                    </button>
                  </div>
                  <div className="testimonial-body">
                    <p className="testimonial-text">{item.text}</p>
                    <p className="testimonial-meta">
                      <span className="testimonial-name">{item.name}</span>
                      {item.rating !== undefined ? <Stars rating={item.rating} /> : null}
                      <span>{serviceName ?? (item.serviceId ? 'A deleted service' : 'General')}</span>
                      <span>{formatDayDate(item.date)}</span>
                    </p>
                    <p className="testimonial-flags">
                      {item.isVisible ? (
                        <span className="badge badge-green">Shown</span>
                      ) : (
                        <span className="badge badge-grey">Hidden</span>
                      )}
                      {item.featuredOnHome ? <span className="badge badge-gold">On home page</span> : null}
                    </p>
                  </div>
                  <div className="testimonial-actions">
                    <button
                      type="button"
                      className="button button-secondary button-sm"
                      disabled={busy}
                      onClick={() => void toggleVisible(item)}
                    >
                      {item.isVisible ? 'Hide' : 'Show'}
                      <span className="visually-hidden"> ‘{item.name}’</span>
                    </button>
                    <button type="button" className="icon-button" title="Edit" onClick={() => setEditing(item)}>
                      <Icon name="edit" />
                      <span className="visually-hidden">Edit ‘{item.name}’</span>
                    </button>
                    <DeleteIconButton
                      onClick={() => {
                        setNotice(null);
                        deletion.ask(item);
                      }}
                    >
                      Delete ‘{item.name}’
                    </DeleteIconButton>
                  </div>
                </li>
              );
            })}
          </ol>
        ) : null}
      </section>

      {editing !== null && data ? (
        <TestimonialModal
          testimonial={editing === 'new' ? null : editing}
          services={data.services}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            reload(true);
            showToast({
              tone: 'success',
              title: created ? 'Testimonial added' : 'Testimonial updated',
              detail: saved.isVisible
                ? `‘${saved.name}’ is saved. ${GOES_LIVE_HINT}`
                : `‘${saved.name}’ is saved as hidden, so it stays off the public site.`,
            });
          }}
        />
      ) : null}

      <ConfirmDeletion deletion={deletion} title="Delete Testimonial">
        {(target) => (
          <p>
            Delete the testimonial from <strong>{target.name}</strong>? It cannot be restored. To keep it but take it
            off the site, choose Hide instead.
          </p>
        )}
      </ConfirmDeletion>
    </div>
  );
}
