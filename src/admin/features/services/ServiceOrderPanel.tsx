// "Order on the site" on the services list (docs/admin.md, "Order on the site"): the order the home carousel and the
// Services page use, moved with up/down buttons, and how many featured services the home page shows.
import { useMemo } from 'react';
import { HOME_FEATURED_LIMIT } from '../../../shared/constants';
import { featuredSummary, homeFeatured } from '../../../shared/ordering';
import type { Service } from '../../../shared/schemas/service';
import { services as servicesApi } from '../../endpoints';
import { OrderPanel, type OrderPanelData } from '../ordering/OrderPanel';
import { FEATURED_LIMIT_RULE, featuredCountText } from './featured-count';

/** `list`: every service, in the stored order (the admin list answers in it). */
export function ServiceOrderPanel(data: OrderPanelData<Service>) {
  const services = data.list;
  const onHome = useMemo(() => new Set(homeFeatured(services).map((s) => s._id)), [services]);
  const summary = featuredSummary(services);

  return (
    // No accessible name on the section or the list containing "order": the list's filters have an "Order" select,
    // which getByLabel('Order') and screen-reader users should find alone.
    <OrderPanel
      id="site-order"
      title="Order on the site"
      intro={
        <div className="card-pad order-intro">
          <p className="order-count" data-testid="featured-count">
            <strong>{featuredCountText(summary)}</strong>
          </p>
          <p>
            {FEATURED_LIMIT_RULE} The Services page lists every active service in this order. A new service starts at
            the top.
          </p>
        </div>
      }
      label="Services, as the site lists them"
      toItem={(service) => ({
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
      })}
      // Positions as the server will store them, so the home selection below follows the list at once.
      place={(service, i) => ({ ...service, position: i })}
      reorder={servicesApi.reorder}
      {...data}
    />
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
