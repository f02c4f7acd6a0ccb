// "Order on the home page" for banners (docs/admin.md, "Order on the site"): replaces the free order number of the
// banner form, which allowed ties. Each move saves the whole order (PUT /api/admin/banners/order).
import { useCallback } from 'react';
import { moveItem } from '../../../shared/ordering';
import type { Banner } from '../../../shared/schemas/banner';
import { banners as bannersApi } from '../../endpoints';
import { OrderList } from '../ordering/OrderList';
import { useOrderSaver } from '../ordering/use-order-saver';

export function BannerOrderPanel({
  banners,
  onChange,
  onFailure,
}: {
  banners: readonly Banner[];
  onChange: (next: Banner[]) => void;
  onFailure: () => void;
}) {
  const save = useOrderSaver(
    useCallback((ids: readonly string[]) => bannersApi.reorder(ids), []),
    onFailure,
  );
  const move = (index: number, delta: number) => {
    const next = moveItem(banners, index, delta).map((banner, i) => ({ ...banner, order: i }));
    onChange(next);
    save(next.map((b) => b._id));
  };
  return (
    <section id="banner-order" className="card card-flush">
      <div className="card-head">
        <h2 id="banner-order-title" className="card-title">
          Order on the home page
        </h2>
        <p className="muted card-head-note">The first slide shows first. A new banner goes to the end.</p>
      </div>
      <OrderList
        items={banners.map((banner) => ({
          id: banner._id,
          name: banner.title,
          badges: banner.isActive ? null : <span className="badge badge-grey">Inactive</span>,
        }))}
        label="Banners, as the home page shows them"
        onMove={move}
      />
    </section>
  );
}
