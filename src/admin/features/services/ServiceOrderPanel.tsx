// "Order on the site" on the services list (docs/admin.md, "Order on the site"): the order the home carousel and the
// Services page use, moved with up/down buttons, and how many featured services the home page shows.
import { useCallback, useMemo } from 'react';
import { HOME_FEATURED_LIMIT } from '../../../shared/constants';
import { featuredSummary, homeFeatured, moveItem } from '../../../shared/ordering';
import type { Service } from '../../../shared/schemas/service';
import { services as servicesApi } from '../../endpoints';
import { OrderList, type OrderItem } from '../ordering/OrderList';
import { useOrderSaver } from '../ordering/use-order-saver';
import { FEATURED_LIMIT_RULE, featuredCountText } from './featured-count';

export function ServiceOrderPanel({
  services,
  onChange,
  onFailure,
}: {
  /** Every service, in the stored order (the admin list answers in it). */
  services: readonly Service[];
  /** Shows the new order at once; the request follows. */
  onChange: (next: Service[]) => void;
  /** A failed save: reload the list from the server. */
  onFailure: () => void;
}) {
  const save = useOrderSaver(
    useCallback((ids: readonly string[]) => servicesApi.reorder(ids), []),
    onFailure,
  );
  const onHome = useMemo(() => new Set(homeFeatured(services).map((s) => s._id)), [services]);
  const summary = featuredSummary(services);

  const items: OrderItem[] = services.map((service) => ({
    id: service._id,
    name: service.name,
    badges: (
      <>
        {service.isActive ? null : <span className="badge badge-grey">Draft</span>}
        {service.isFeatured && service.isActive ? (
          onHome.has(service._id) ? (
            <span className="badge badge-gold">Featured · on the home page</span>
          ) : (
            <span className="badge badge-home">Featured · not shown (limit {HOME_FEATURED_LIMIT})</span>
          )
        ) : null}
      </>
    ),
  }));

  const move = (index: number, delta: number) => {
    // Positions as the server will store them, so the home selection below follows the list at once.
    const next = moveItem(services, index, delta).map((service, i) => ({ ...service, position: i }));
    onChange(next);
    save(next.map((s) => s._id));
  };

  return (
    // No accessible name on the section or the list containing "order": the list's filters have an "Order" select,
    // which getByLabel('Order') and screen-reader users should find alone.
    <section id="site-order" className="card card-flush">
      <div className="card-head">
        <h2 id="site-order-title" className="card-title">
          Order on the site
        </h2>
      </div>
      <div className="card-pad order-intro">
        <p className="order-count" data-testid="featured-count">
          <strong>{featuredCountText(summary)}</strong>
        </p>
        <p>
          {FEATURED_LIMIT_RULE} The Services page lists every active service in this order. A new service starts at the
          top.
        </p>
      </div>
      {services.length > 0 ? <OrderList items={items} label="Services, as the site lists them" onMove={move} /> : null}
    </section>
  );
}

/** One line for the top of the list: the featured count, with a link to the order. */
export function FeaturedCountLine({ services }: { services: readonly Service[] }) {
  return (
    <p className="featured-count-line">
      {featuredCountText(featuredSummary(services))}. <a href="#site-order">Change which ones: set the order</a>
    </p>
  );
}
