// Under the Featured switch of the service form: the home page's limit, and where this service stands in it
// (docs/admin.md, "Order on the site"). It reads the list itself, so the form needs no new state.
import { useEffect, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { Link } from 'react-router';
import { HOME_FEATURED_LIMIT } from '../../../shared/constants';
import { featuredSummary, homeFeatured } from '../../../shared/ordering';
import type { Service, ServiceInput } from '../../../shared/schemas/service';
import { services as servicesApi } from '../../api/endpoints';
import { featuredCountText } from './featured-count';
import type { ServiceFormState } from './service-form-model';

export function FeaturedLimitNote({
  control,
  serviceId,
}: {
  control: Control<ServiceFormState, unknown, ServiceInput>;
  serviceId: string | undefined;
}) {
  const [list, setList] = useState<Service[] | null>(null);
  const isActive = useWatch({ control, name: 'isActive' }) === true;
  const isFeatured = useWatch({ control, name: 'isFeatured' }) === true;

  useEffect(() => {
    const controller = new AbortController();
    servicesApi.list(controller.signal).then(
      (reply) => setList(reply.data),
      () => setList(null),
    );
    return () => controller.abort();
  }, []);

  // The list as it would be after saving the switches as they are now; a new service starts the order.
  const stored = list?.find((s) => s._id === serviceId);
  const others = (list ?? []).filter((s) => s._id !== serviceId);
  const self = {
    _id: serviceId ?? 'ffffffffffffffffffffffff',
    createdAt: stored?.createdAt ?? new Date().toISOString(),
    position: stored ? stored.position : Number.NEGATIVE_INFINITY,
    isActive,
    isFeatured,
  };
  const all = [...others, self];
  const shownAfter = homeFeatured(all);
  const shownHere = shownAfter.some((s) => s._id === self._id);
  // Who leaves the home page if this is saved: shown now (as stored), not shown with the switches as they stand.
  const leaving = homeFeatured(list ?? []).filter(
    (s) => s._id !== self._id && !shownAfter.some((after) => after._id === s._id),
  );

  return (
    <div className="featured-note span-2" id="svc-featured-note">
      <p>
        The home page shows at most {HOME_FEATURED_LIMIT} featured services, the first ones in the site order.
        {list ? <> With these settings: {featuredCountText(featuredSummary(all))}.</> : null}
      </p>
      {list && isFeatured ? (
        <p>
          {!isActive
            ? 'This service is a draft, so it is not shown until it is active.'
            : shownHere
              ? 'This service is among them.'
              : `This service is featured but past the limit, so it is not shown. Move it up in the order.`}{' '}
          <Link to="/services">Change the order</Link>
        </p>
      ) : null}
      {/* Always present, so the sentence is announced when a switch makes it appear. */}
      <div role="status">
        {leaving.length > 0 ? (
          <p className="featured-leaving">
            <strong>Saving this takes {leaving.map((s) => `‘${s.name}’`).join(' and ')} off the home page</strong> (
            {leaving.length === 1 ? 'it stays' : 'they stay'} featured, but only the first {HOME_FEATURED_LIMIT} show).
          </p>
        ) : null}
      </div>
    </div>
  );
}
