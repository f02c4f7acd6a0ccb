import { describe, expect, it } from 'vitest';
import type { Service } from '../../../shared/schemas/service';
import { filterServices, showsWholeSiteOrder, SORT_OPTIONS } from './service-list';
import { storedService as makeService } from '../../../../tests/support/factories';

const stored = makeService();

describe('service list filters (docs/product-rules.md, "Screens")', () => {
  const list: Service[] = [
    {
      ...stored,
      _id: '1'.repeat(24),
      name: 'Beta',
      price: 300,
      category: 'Tarot Reading',
      createdAt: '2026-01-02T00:00:00Z',
    },
    { ...stored, _id: '2'.repeat(24), name: 'alpha', price: 100, isActive: false, createdAt: '2026-01-03T00:00:00Z' },
    {
      ...stored,
      _id: '3'.repeat(24),
      name: 'Gamma',
      price: 200,
      description: 'Deep karmic work',
      createdAt: '2026-01-01T00:00:00Z',
    },
  ];
  const query = {
    search: '',
    category: '',
    status: 'All' as const,
    sort: 'createdAt' as const,
    order: 'desc' as const,
  };
  const names = (result: Service[]) => result.map((s) => s.name);

  it('sorts by creation date, newest first, by default', () => {
    expect(names(filterServices(list, query))).toEqual(['alpha', 'Beta', 'Gamma']);
  });
  it('searches name, description and category, ignoring case', () => {
    expect(names(filterServices(list, { ...query, search: 'KARMIC' }))).toEqual(['Gamma']);
    expect(names(filterServices(list, { ...query, search: 'tarot' }))).toEqual(['Beta']);
  });
  it('filters by category and status', () => {
    expect(names(filterServices(list, { ...query, category: 'Astrology' }))).toEqual(['alpha', 'Gamma']);
    expect(names(filterServices(list, { ...query, status: 'Inactive' }))).toEqual(['alpha']);
    expect(names(filterServices(list, { ...query, status: 'Active' }))).toEqual(['Beta', 'Gamma']);
  });
  it('sorts by name (case-insensitive) and price, either way', () => {
    expect(names(filterServices(list, { ...query, sort: 'name', order: 'asc' }))).toEqual(['alpha', 'Beta', 'Gamma']);
    expect(names(filterServices(list, { ...query, sort: 'price', order: 'desc' }))).toEqual(['Beta', 'Gamma', 'alpha']);
  });
});

describe('the site order in the service list (docs/admin.md, "Order on the site")', () => {
  const stored = makeService();
  const at = (id: string, name: string, position: number | undefined, createdAt: string): Service => ({
    ...stored,
    _id: id.repeat(24),
    name,
    position,
    createdAt,
  });
  const list = [
    at('1', 'Old, never moved', undefined, '2026-01-01T00:00:00Z'),
    at('2', 'Second', 1, '2026-01-05T00:00:00Z'),
    at('3', 'First', 0, '2026-01-02T00:00:00Z'),
  ];
  const query = { search: '', category: '', status: 'All', sort: 'site', order: 'desc' } as const;

  it('is the default choice and sorts by position, whatever the direction', () => {
    expect(SORT_OPTIONS[0]).toEqual({ value: 'site', label: 'Site order' });
    const names = (order: 'asc' | 'desc') => filterServices(list, { ...query, order }).map((s) => s.name);
    expect(names('desc')).toEqual(['First', 'Second', 'Old, never moved']);
    expect(names('asc')).toEqual(['First', 'Second', 'Old, never moved']);
  });

  it('lets rows move only when the whole list shows in the site order', () => {
    expect(showsWholeSiteOrder(query)).toBe(true);
    expect(showsWholeSiteOrder({ ...query, sort: 'name' })).toBe(false);
    expect(showsWholeSiteOrder({ ...query, search: 'tarot' })).toBe(false);
    expect(showsWholeSiteOrder({ ...query, search: '   ' })).toBe(true);
    expect(showsWholeSiteOrder({ ...query, category: 'Tarot Reading' })).toBe(false);
    expect(showsWholeSiteOrder({ ...query, status: 'Active' })).toBe(false);
  });
});
