// Search, filters and sort of the service management list (docs/product-rules.md, "Screens"), kept pure for tests.
import { SERVICE_SORT_FIELDS, type SERVICE_STATUS_FILTERS } from '../../../shared/constants';
import { compareServiceOrder } from '../../../shared/ordering';
import type { Service } from '../../../shared/schemas/service';

/**
 * The spec's sort fields plus "Site order", the default (changed on purpose, docs/admin.md "Order on the site"): the
 * list is where the order is set, so it opens in that order.
 */
export const SORT_OPTIONS = [{ value: 'site', label: 'Site order' }, ...SERVICE_SORT_FIELDS] as const;

export type SortField = (typeof SORT_OPTIONS)[number]['value'];
export type StatusFilter = (typeof SERVICE_STATUS_FILTERS)[number];

export interface ServiceQuery {
  search: string;
  category: string;
  status: StatusFilter;
  sort: SortField;
  order: 'desc' | 'asc';
}

/** Rows can be moved only when the whole list shows in the site order: a move among a filtered few is ambiguous. */
export function showsWholeSiteOrder(query: ServiceQuery): boolean {
  return query.sort === 'site' && query.search.trim() === '' && query.category === '' && query.status === 'All';
}

function compare(a: Service, b: Service, field: Exclude<SortField, 'site'>): number {
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

/**
 * Search (name, description, category), category and status filters, sort and order: product rules
 * (docs/product-rules.md, "Screens"). The site order has one direction, the site's own.
 */
export function filterServices(list: Service[], query: ServiceQuery): Service[] {
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
    .sort((a, b) => (query.sort === 'site' ? compareServiceOrder(a, b) : compare(a, b, query.sort) * direction));
}
