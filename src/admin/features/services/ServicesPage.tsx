import { useMemo, useState } from 'react';
import { SERVICE_MESSAGES } from '../../../shared/messages';
import { Link } from 'react-router';
import { LIMITS, SERVICE_SORT_FIELDS, SERVICE_STATUS_FILTERS } from '../../../shared/constants';
import { formatDate, preview } from '../../../shared/format';
import type { Service } from '../../../shared/schemas/service';
import { DataTable } from '../../components/DataTable';
import { Alert, EmptyState, Loading, NoticeAlert, type Notice } from '../../components/Feedback';
import { Icon } from '../../components/Icon';
import { DeleteIconButton } from '../../components/RowButtons';
import { ConfirmDeletion } from '../../components/ConfirmDeleteModal';
import { Price } from '../../components/Price';
import { PageHeader } from '../../components/PageHeader';
import { FeaturedCell, StatusCell } from '../../components/StatusCells';
import { services as servicesApi } from '../../endpoints';
import { mediaSrc } from '../../media';
import { useDocumentTitle } from '../../shell/admin-context';
import { filterServices, type SortField, type StatusFilter } from './service-list';
import { useConfirmedDelete } from '../../use-confirmed-delete';
import { FeaturedCountLine, ServiceOrderPanel } from './ServiceOrderPanel';
import { serviceViewLink, statusFilterLabel } from './service-status';
import { useResource } from '../../use-resource';
import { confirmTrashed, TRASH_NOTE } from '../trash/undo';
import './services.css';

const loadServices = async (signal: AbortSignal) => (await servicesApi.list(signal)).data;

export default function ServicesPage() {
  const { resource: load, update, reload } = useResource(loadServices);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState<StatusFilter>('All');
  const [sort, setSort] = useState<SortField>('createdAt');
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

  const all = useMemo(() => (load.status === 'ready' ? load.data : []), [load]);
  const categories = useMemo(() => [...new Set(all.map((s) => s.category))].sort(), [all]);
  const shown = useMemo(
    () => filterServices(all, { search, category, status, sort, order }),
    [all, search, category, status, sort, order],
  );

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
        <div className="field field-search">
          <label className="field-label" htmlFor="services-search">
            Search
          </label>
          <input
            id="services-search"
            className="input"
            type="search"
            placeholder="Search by name, description or category"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="services-category">
            Category
          </label>
          <select
            id="services-category"
            className="input"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          >
            <option value="">All Categories</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="services-status">
            Status
          </label>
          <select
            id="services-status"
            className="input"
            value={status}
            onChange={(event) => setStatus(SERVICE_STATUS_FILTERS.find((v) => v === event.target.value) ?? 'All')}
          >
            {SERVICE_STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {statusFilterLabel(value)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="services-sort">
            Sort By
          </label>
          <select
            id="services-sort"
            className="input"
            value={sort}
            onChange={(event) =>
              setSort(SERVICE_SORT_FIELDS.find((f) => f.value === event.target.value)?.value ?? 'createdAt')
            }
          >
            {SERVICE_SORT_FIELDS.map((field) => (
              <option key={field.value} value={field.value}>
                {field.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="services-order">
            Order
          </label>
          <select
            id="services-order"
            className="input"
            value={order}
            onChange={(event) => setOrder(event.target.value === 'asc' ? 'asc' : 'desc')}
          >
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </select>
        </div>
      </section>

      <section className="card card-flush" aria-labelledby="services-count-title">
        <div className="card-head">
          <h2 id="services-count-title" className="card-title" aria-live="polite">
            Services ({shown.length})
          </h2>
        </div>
        {load.status === 'loading' ? <Loading label="Loading services…" /> : null}
        {load.status === 'failed' ? (
          <div className="card-pad">
            <Alert tone="error">Failed to fetch services</Alert>
          </div>
        ) : null}
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
          <DataTable columns={['SERVICE', 'CATEGORY', 'PRICE', 'DURATION', 'STATUS', 'FEATURED', 'CREATED', 'ACTIONS']}>
            {shown.map((service) => (
              <tr key={service._id}>
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
                </td>
                <td data-label="Duration">{service.duration}</td>
                <StatusCell active={service.isActive} inactiveLabel="Draft" />
                <FeaturedCell featured={service.isFeatured} />
                <td data-label="Created" className="nowrap">
                  {formatDate(service.createdAt)}
                </td>
                <td data-label="Actions">
                  <div className="row-actions">
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
                    <DeleteIconButton
                      onClick={() => {
                        setNotice(null);
                        deletion.ask(service);
                      }}
                    >
                      Delete {service.name}
                    </DeleteIconButton>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        ) : null}
      </section>

      {load.status === 'ready' ? (
        <ServiceOrderPanel services={all} onChange={(next) => update(() => next)} onFailure={() => reload(true)} />
      ) : null}

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
