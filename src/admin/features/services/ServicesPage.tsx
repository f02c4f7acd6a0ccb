import { useCategories } from '../categories/use-categories';
import { useCallback, useMemo, useState } from 'react';
import { SERVICE_MESSAGES } from '../../../shared/messages';
import { Link } from 'react-router';
import { HOME_FEATURED_LIMIT, LIMITS, SERVICE_STATUS_FILTERS } from '../../../shared/constants';
import { formatDate, preview } from '../../../shared/format';
import type { Service } from '../../../shared/schemas/service';
import { EmptyState, NoticeAlert, type Notice } from '../../components/Feedback';
import { FilterSelect } from '../../components/FilterSelect';
import { ListLoadState } from '../../components/ListLoadState';
import { Icon } from '../../components/Icon';
import { RowActions } from '../../components/RowActions';
import { ConfirmDeletion } from '../../components/ConfirmDeleteModal';
import { Price } from '../../components/Price';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { MoveCell, OrderedTable, useRowOrder } from '../../components/RowOrder';
import { StatusCell } from '../../components/StatusCells';
import { usePractitionerZone } from '../../components/schedule/use-practitioner-zone';
import { WindowNote } from '../../components/schedule/WindowNote';
import { services as servicesApi } from '../../api/endpoints';
import { mediaSrc } from '../../api/media';
import { useDocumentTitle } from '../../shell/admin-context';
import { homeFeatured } from '../../../shared/ordering';
import { filterServices, showsWholeSiteOrder, SORT_OPTIONS, type SortField, type StatusFilter } from './service-list';
import { useConfirmedDelete } from '../../hooks/use-confirmed-delete';
import { FeaturedCountLine, OrderHint } from './FeaturedCountLine';
import { serviceViewLink, statusFilterLabel } from './service-status';
import { useResource } from '../../hooks/use-resource';
import { confirmTrashed, TRASH_NOTE } from '../trash/undo';
import './services.css';

const STATUS_OPTIONS = SERVICE_STATUS_FILTERS.map((value) => ({ value, label: statusFilterLabel(value) }));
const ORDER_OPTIONS = [
  { value: 'desc', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
] as const;

const serviceName = (service: Service) => service.name;

const loadServices = async (signal: AbortSignal) => (await servicesApi.list(signal)).data;

export default function ServicesPage() {
  const { resource: load, update, reload } = useResource(loadServices);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState<StatusFilter>('All');
  const [sort, setSort] = useState<SortField>('site');
  const zone = usePractitionerZone();
  const [order, setOrder] = useState<'desc' | 'asc'>('desc');
  const [notice, setNotice] = useState<Notice>(null);
  const deletion = useConfirmedDelete<Service>({
    remove: async ({ _id }) => {
      await servicesApi.remove(_id);
      update((list) => list.filter((s) => s._id !== _id));
    },
    success: SERVICE_MESSAGES.deleted,
    failure: 'Failed to delete service',
    onNotice: setNotice,
    onDeleted: ({ _id, name }) =>
      confirmTrashed({
        title: SERVICE_MESSAGES.deleted,
        kind: 'service',
        id: _id,
        name,
        onRestored: () => reload(true),
      }),
  });
  useDocumentTitle('All Services');
  const askDelete = (service: Service) => {
    setNotice(null);
    deletion.ask(service);
  };

  const all = useMemo(() => (load.status === 'ready' ? load.data : []), [load]);
  // The store's categories in the practitioner's order, then any name a service carries that the list lacks.
  const categoryList = useCategories().list;
  const categories = useMemo(
    () => [...new Set([...categoryList.map((c) => c.name), ...all.map((s) => s.category)])],
    [all, categoryList],
  );
  const query = { search, category, status, sort, order };
  const shown = useMemo(
    () => filterServices(all, { search, category, status, sort, order }),
    [all, search, category, status, sort, order],
  );
  const movable = load.status === 'ready' && all.length > 1 && showsWholeSiteOrder(query);
  const rowOrder = useRowOrder({
    list: all,
    name: serviceName,
    // Positions as the server will store them, so the home selection follows the list at once.
    apply: useCallback((next: Service[]) => update(() => next.map((s, i) => ({ ...s, position: i }))), [update]),
    save: servicesApi.reorder,
    enabled: movable,
  });
  const sitePlace = useMemo(() => new Map(all.map((s, i) => [s._id, i])), [all]);
  const onHome = useMemo(() => new Set(homeFeatured(all).map((s) => s._id)), [all]);
  const showWholeOrder = () => {
    setSearch('');
    setCategory('');
    setStatus('All');
    setSort('site');
  };

  return (
    <div className="page">
      <PageHeader title="Service Management" lead="Create, edit and remove the services shown on the site.">
        <Link to="/services/create" className="button button-primary">
          <Icon name="plus" /> Add Service
        </Link>
      </PageHeader>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />
      {load.status === 'ready' && all.length > 0 ? <FeaturedCountLine services={all} /> : null}

      <section className="card filters" aria-label="Search and filters">
        <SearchField
          className="field field-search"
          id="services-search"
          label="Search"
          placeholder="Search by name, description or category"
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          id="services-category"
          label="Category"
          value={category}
          options={[
            { value: '', label: 'All Categories' },
            ...categories.map((name) => ({ value: name, label: name })),
          ]}
          onChange={setCategory}
        />
        <FilterSelect
          id="services-status"
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={setStatus}
        />
        <FilterSelect id="services-sort" label="Sort By" value={sort} options={SORT_OPTIONS} onChange={setSort} />
        {/* The site order has one direction, the site's own. */}
        {sort === 'site' ? null : (
          <FilterSelect id="services-order" label="Order" value={order} options={ORDER_OPTIONS} onChange={setOrder} />
        )}
      </section>

      <section className="card card-flush services-table" aria-labelledby="services-count-title">
        <div className="card-head">
          <h2 id="services-count-title" className="card-title" aria-live="polite">
            Services ({shown.length})
          </h2>
        </div>
        {load.status === 'ready' && all.length > 1 ? (
          <OrderHint movable={movable} sortedBy={sort} onShowOrder={showWholeOrder} />
        ) : null}
        <ListLoadState
          resource={load}
          loading="Loading services…"
          failed="Failed to fetch services"
          apiMessage={false}
        />
        {load.status === 'ready' && shown.length === 0 ? (
          all.length === 0 ? (
            <EmptyState
              title="No services found"
              text="Start by creating your first service"
              action={
                <Link to="/services/create" className="button button-primary">
                  <Icon name="plus" /> Add Service
                </Link>
              }
            />
          ) : (
            <EmptyState title="No services found" text="Try adjusting your search or filters" />
          )
        ) : null}
        {load.status === 'ready' && shown.length > 0 ? (
          <OrderedTable
            order={rowOrder}
            columns={['ORDER', 'SERVICE', 'CATEGORY', 'PRICE', 'DURATION', 'STATUS', 'FEATURED', 'CREATED', 'ACTIONS']}
          >
            {shown.map((service) => (
              <tr
                key={service._id}
                ref={rowOrder.rowRef(service._id)}
                className={rowOrder.rowClass(service._id, sitePlace.get(service._id) ?? 0) || undefined}
              >
                <MoveCell
                  order={rowOrder}
                  index={sitePlace.get(service._id) ?? 0}
                  id={service._id}
                  name={service.name}
                />
                <td className="cell-primary" data-label="Service">
                  <div className="service-cell">
                    {service.image ? (
                      <img
                        className="thumb"
                        src={mediaSrc(service.image)}
                        alt=""
                        width={48}
                        height={48}
                        loading="lazy"
                        decoding="async"
                      />
                    ) : (
                      <span className="thumb thumb-empty" aria-hidden="true" />
                    )}
                    <div>
                      <span className="cell-title">{service.name}</span>
                      <span className="cell-sub">{preview(service.shortDescription, LIMITS.descriptionPreview)}</span>
                    </div>
                  </div>
                </td>
                <td data-label="Category">{service.category}</td>
                <td data-label="Price">
                  <Price price={service.price} offerPrice={service.offerPrice} />
                  {service.offerPrice !== undefined ? (
                    <WindowNote
                      window={{ start: service.offerStart, end: service.offerEnd }}
                      zone={zone}
                      what="Offer"
                    />
                  ) : null}
                </td>
                <td data-label="Duration">{service.duration}</td>
                <StatusCell active={service.isActive} inactiveLabel="Draft" />
                <td data-label="Featured">
                  <span className={service.isFeatured ? 'badge badge-gold' : 'badge badge-grey'}>
                    {service.isFeatured ? 'Featured' : 'Normal'}
                  </span>
                  {service.isFeatured && service.isActive ? (
                    <span className="cell-sub">
                      {onHome.has(service._id) ? 'On the home page' : `Not shown (limit ${HOME_FEATURED_LIMIT})`}
                    </span>
                  ) : null}
                </td>
                <td data-label="Created" className="nowrap">
                  {formatDate(service.createdAt)}
                </td>
                <RowActions onDelete={() => askDelete(service)} deleteLabel={`Delete ${service.name}`}>
                  <Link to={`/services/${service._id}/edit`} className="icon-button" title="Edit">
                    <Icon name="edit" />
                    <span className="visually-hidden">Edit {service.name}</span>
                  </Link>
                  <a
                    href={serviceViewLink(service)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="icon-button"
                    title={service.isActive ? 'View' : 'Preview'}
                  >
                    <Icon name="eye" />
                    <span className="visually-hidden">
                      {service.isActive ? 'View' : 'Preview'} {service.name} (opens in a new tab)
                    </span>
                  </a>
                </RowActions>
              </tr>
            ))}
          </OrderedTable>
        ) : null}
      </section>

      <ConfirmDeletion deletion={deletion} title="Confirm Delete">
        {(target) => (
          <p>
            Are you sure you want to delete <strong>&ldquo;{target.name}&rdquo;</strong>? {TRASH_NOTE}
          </p>
        )}
      </ConfirmDeletion>
    </div>
  );
}
