// The words about the home page's featured limit (docs/admin.md, "Order on the site"), kept pure for tests.
import { HOME_FEATURED_LIMIT } from '../../../shared/constants';

/** "6 of 7 featured services show on the home page". */
export function featuredCountText({ shown, featured }: { shown: number; featured: number }): string {
  if (featured === 0) return 'No service is featured, so the home page shows none.';
  const noun = featured === 1 ? 'featured service' : 'featured services';
  return `${shown} of ${featured} ${noun} ${shown === 1 ? 'shows' : 'show'} on the home page`;
}

export const FEATURED_LIMIT_RULE = `The home page shows at most ${HOME_FEATURED_LIMIT} featured services: the first ones in the site order. Drafts are never shown.`;
