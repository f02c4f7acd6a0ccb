import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import type { Service } from '../../../shared/schemas/service';
import { DataTable } from '../../components/DataTable';
import { EmptyState, Loading } from '../../components/Feedback';
import { Icon } from '../../components/Icon';
import { Price } from '../../components/Price';
import { PageHeader } from '../../components/PageHeader';
import { RefreshButton } from '../../components/RefreshButton';
import { TitledCard } from '../../components/TitledCard';
import { FeaturedCell, StatusCell } from '../../components/StatusCells';
import { services as servicesApi } from '../../api/endpoints';
import { useAdmin, useDocumentTitle } from '../../shell/admin-context';
import { useResource } from '../../hooks/use-resource';
import { serviceViewLink } from '../services/service-status';
import { BookingsOverview } from './BookingsOverview';
import { FirstRunChecklist } from './FirstRunChecklist';
import './dashboard.css';

// The modal's forms (react-hook-form) load only when it is opened, keeping the dashboard's first load small.
const AccountSettingsModal = lazy(() =>
  import('../account/AccountSettingsModal').then((module) => ({ default: module.AccountSettingsModal })),
);

async function loadServices(signal: AbortSignal): Promise<Service[]> {
  try {
    return (await servicesApi.list(signal)).data;
  } catch (error) {
    // docs/product-rules.md, "Errors": a dashboard load failure is only logged; nothing is shown.
    if (!signal.aborted) console.warn('Dashboard data failed to load', error);
    throw error;
  }
}

export default function DashboardPage() {
  const { admin, setAdmin, unread } = useAdmin();
  const { resource: load, reload } = useResource(loadServices);
  const [accountOpen, setAccountOpen] = useState(false);
  useDocumentTitle('Dashboard');

  const list = load.status === 'ready' ? load.data : [];
  const stats = [
    { label: 'Total Services', value: list.length, tone: 'indigo' },
    { label: 'Active Services', value: list.filter((s) => s.isActive).length, tone: 'green' },
    { label: 'Featured Services', value: list.filter((s) => s.isFeatured).length, tone: 'gold' },
  ];

  return (
    <div className="page">
      <PageHeader
        title={
          <>
            Welcome back, {admin.username}! <span className="badge badge-role">{admin.role}</span>
          </>
        }
        lead={load.status === 'ready' ? `Last updated: ${formatDateTime(load.at)}` : 'Here is how things stand.'}
      >
        <RefreshButton onRefresh={reload} />
      </PageHeader>

      <FirstRunChecklist onContentChanged={() => reload(true)} />

      <BookingsOverview />

      <section className="stats" aria-label="Service statistics">
        {stats.map((stat) => (
          <div key={stat.label} className={`stat stat-${stat.tone}`}>
            <p className="stat-label">{stat.label}</p>
            <p className="stat-value">{load.status === 'ready' ? stat.value : '—'}</p>
          </div>
        ))}
        <Link to="/messages" className={unread > 0 ? 'stat stat-link stat-unread' : 'stat stat-link'}>
          <p className="stat-label">Unread Messages</p>
          <p className="stat-value">{unread}</p>
        </Link>
      </section>

      <TitledCard id="quick-actions-title" title="Quick Actions">
        <div className="quick-actions">
          <Link to="/services/create" className="quick-action">
            <Icon name="plus" /> Add New Service
          </Link>
          <Link to="/banners" className="quick-action">
            <Icon name="image" /> Manage Banners
          </Link>
          <button type="button" className="quick-action" onClick={() => setAccountOpen(true)}>
            <Icon name="settings" /> Account Settings
          </button>
          <Link to="/services" className="quick-action">
            <Icon name="list" /> View All Services
          </Link>
        </div>
      </TitledCard>

      <TitledCard
        id="dashboard-services-title"
        title="Services"
        className="card card-flush"
        action={
          <Link to="/services" className="button button-ghost button-sm">
            Manage
          </Link>
        }
      >
        {load.status === 'loading' ? <Loading label="Loading services…" /> : null}
        {load.status === 'ready' && list.length === 0 ? (
          <EmptyState
            title="No services found"
            action={
              <Link to="/services/create" className="button button-primary">
                <Icon name="plus" /> Create Your First Service
              </Link>
            }
          />
        ) : null}
        {load.status === 'ready' && list.length > 0 ? <DashboardTable services={list} /> : null}
      </TitledCard>

      {accountOpen ? (
        <Suspense fallback={<Loading label="Opening Account Settings…" />}>
          <AccountSettingsModal
            admin={admin}
            onAdminChange={setAdmin}
            onClose={() => setAccountOpen(false)}
            // The confirmation itself is shown in the notices region by AccountSettings.
            onSuccess={() => setAccountOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function DashboardTable({ services }: { services: Service[] }) {
  return (
    <DataTable columns={['NAME', 'CATEGORY', 'PRICE', 'STATUS', 'FEATURED', 'REVIEWS', 'ACTIONS']}>
      {services.map((service) => (
        <tr key={service._id}>
          <td className="cell-primary" data-label="Name">
            <span className="cell-title">{service.name}</span>
            <span className="cell-sub">{service.duration}</span>
          </td>
          <td data-label="Category">{service.category}</td>
          <td data-label="Price">
            <Price price={service.price} offerPrice={service.offerPrice} />
          </td>
          <StatusCell active={service.isActive} inactiveLabel="Draft" />
          <FeaturedCell featured={service.isFeatured} />
          <td data-label="Reviews">
            <span>
              {service.testimonials.length}
              {service.averageRating > 0 ? (
                <span className="rating">
                  {' '}
                  <Icon name="star" size={14} className="star" />
                  <span className="visually-hidden">average rating </span>
                  {service.averageRating.toFixed(1)}
                </span>
              ) : null}
            </span>
          </td>
          <td data-label="Actions">
            <div className="row-actions">
              <Link
                to={`/services/${service._id}/edit`}
                className="button button-ghost button-sm"
                aria-label={`Edit ${service.name}`}
              >
                <Icon name="edit" size={16} /> Edit
              </Link>
              <a
                href={serviceViewLink(service)}
                target="_blank"
                rel="noopener noreferrer"
                className="button button-ghost button-sm"
                aria-label={
                  service.isActive
                    ? `View ${service.name} on the site (opens in a new tab)`
                    : `View ${service.name}, a draft, as a preview (opens in a new tab)`
                }
              >
                <Icon name="eye" size={16} /> View
              </a>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
