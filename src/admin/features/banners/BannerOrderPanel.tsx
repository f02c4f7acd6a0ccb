// "Order on the home page" for banners (docs/admin.md, "Order on the site"): replaces the free order number of the
// banner form, which allowed ties. Each move saves the whole order (PUT /api/admin/banners/order).
import type { Banner } from '../../../shared/schemas/banner';
import { banners as bannersApi } from '../../endpoints';
import { OrderPanel, type OrderPanelData } from '../ordering/OrderPanel';

export function BannerOrderPanel(data: OrderPanelData<Banner>) {
  return (
    <OrderPanel
      id="banner-order"
      title="Order on the home page"
      note="The first slide shows first. A new banner goes to the end."
      label="Banners, as the home page shows them"
      toItem={(banner) => ({
        id: banner._id,
        name: banner.title,
        badges: banner.isActive ? null : <span className="badge badge-grey">Inactive</span>,
      })}
      place={(banner, i) => ({ ...banner, order: i })}
      reorder={bannersApi.reorder}
      {...data}
    />
  );
}
