// Search, filters and sort of the service management list (docs/product-rules.md, "Screens"), kept pure for tests.
import type { SERVICE_SORT_FIELDS, SERVICE_STATUS_FILTERS } from '../../../shared/constants';
import type { Service } from '../../../shared/schemas/service';

export type SortField = (typeof SERVICE_SORT_FIELDS)[number]['value'];
export type StatusFilter = (typeof SERVICE_STATUS_FILTERS)[number];

function compare(a: Service, b: Service, field: SortField): number {
  switch (field) {
    case 'name':
      return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
    case 'category':
      return a.category.localeCompare(b.category, 'en', { sensitivity: 'base' });
    case 'price':
      return a.price - b.price;
    case 'createdAt':
      return Date.parse(a.createdAt) - Date.parse(b.createdAt);
  }
}

/** Search (name, description, category), category and status filters, sort and order: product rules (docs/product-rules.md, "Screens"). */
export function filterServices(
  list: Service[],
  query: { search: string; category: string; status: StatusFilter; sort: SortField; order: 'desc' | 'asc' },
): Service[] {
  const needle = query.search.trim().toLowerCase();
  const direction = query.order === 'asc' ? 1 : -1;
  return list
    .filter(
      (service) =>
        needle === '' ||
        service.name.toLowerCase().includes(needle) ||
        service.description.toLowerCase().includes(needle) ||
        service.category.toLowerCase().includes(needle),
    )
    .filter((service) => query.category === '' || service.category === query.category)
    .filter((service) => query.status === 'All' || (query.status === 'Active' ? service.isActive : !service.isActive))
    .sort((a, b) => compare(a, b, query.sort) * direction);
}
