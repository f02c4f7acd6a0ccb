// The lines above the services table about the site order and the home page's featured limit (docs/admin.md,
// "Order on the site").
import { featuredSummary } from '../../../shared/ordering';
import type { Service } from '../../../shared/schemas/service';
import { SORT_OPTIONS, type SortField } from './service-list';
import { FEATURED_LIMIT_RULE, featuredCountText } from './featured-count';

/** "6 of 7 featured services show on the home page", with the rule that decides which. */
export function FeaturedCountLine({ services }: { services: readonly Service[] }) {
  return (
    <p className="featured-count-line">
      <strong data-testid="featured-count">{featuredCountText(featuredSummary(services))}</strong>.{' '}
      {FEATURED_LIMIT_RULE}
    </p>
  );
}

/** How to move rows, or, while the list is sorted or filtered otherwise, how to get back to the order. */
export function OrderHint({
  movable,
  sortedBy,
  onShowOrder,
}: {
  movable: boolean;
  sortedBy: SortField;
  onShowOrder: () => void;
}) {
  if (movable) {
    return (
      <p className="order-hint card-pad">
        This is the order of the site. Drag a row by its handle, or use its arrows, to move it; each move is saved at
        once. A new service starts at the top.
      </p>
    );
  }
  const label = SORT_OPTIONS.find((option) => option.value === sortedBy)?.label ?? sortedBy;
  return (
    <div className="order-hint card-pad">
      <p>
        {sortedBy === 'site'
          ? 'Only some services are listed, so they cannot be moved here.'
          : `Sorted by ${label}, so the services cannot be moved here.`}
      </p>
      <button type="button" className="button button-secondary" onClick={onShowOrder}>
        Show the whole site order to move them
      </button>
    </div>
  );
}
