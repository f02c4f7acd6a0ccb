import { describe, expect, it } from 'vitest';
import {
  compareBannerOrder,
  featuredSummary,
  homeFeatured,
  moveItem,
  orderForNewBanner,
  positionForNewService,
  sortServices,
} from './ordering';

const svc = (
  id: string,
  createdAt: string,
  extra: { position?: number; isActive?: boolean; isFeatured?: boolean } = {},
) => ({
  _id: id.padStart(24, '0'),
  name: id,
  createdAt,
  isActive: extra.isActive ?? true,
  isFeatured: extra.isFeatured ?? false,
  ...(extra.position !== undefined ? { position: extra.position } : {}),
});

describe('service order', () => {
  it('sorts by position, then services without one newest first (the order before positions existed)', () => {
    const list = [
      svc('old', '2024-01-01T00:00:00Z'),
      svc('second', '2024-01-02T00:00:00Z', { position: 1 }),
      svc('new', '2024-03-01T00:00:00Z'),
      svc('first', '2024-01-03T00:00:00Z', { position: -4 }),
    ];
    expect(sortServices(list).map((s) => s.name)).toEqual(['first', 'second', 'new', 'old']);
  });

  it('breaks ties of position newest first, then by id', () => {
    const list = [
      svc('a', '2024-01-01T00:00:00Z', { position: 0 }),
      svc('b', '2024-01-02T00:00:00Z', { position: 0 }),
      svc('c', '2024-01-02T00:00:00Z', { position: 0 }),
    ];
    expect(sortServices(list).map((s) => s.name)).toEqual(['c', 'b', 'a']);
  });

  it.each([
    [[], 0],
    [[svc('x', '2024-01-01T00:00:00Z')], 0],
    [[svc('x', '2024-01-01T00:00:00Z', { position: 3 }), svc('y', '2024-01-01T00:00:00Z', { position: -2 })], -3],
  ])('places a new service before the first (%#)', (existing, expected) => {
    expect(positionForNewService(existing)).toBe(expected);
  });
});

describe('home featured selection', () => {
  const many = Array.from({ length: 9 }, (_, i) =>
    svc(`s${i}`, `2024-01-0${i + 1}T00:00:00Z`, { position: 8 - i, isFeatured: i !== 4, isActive: i !== 6 }),
  );

  it('takes the first six active featured services in the site order', () => {
    expect(homeFeatured(many).map((s) => s.name)).toEqual(['s8', 's7', 's5', 's3', 's2', 's1']);
  });

  it('counts how many of the featured services the home page shows', () => {
    expect(featuredSummary(many)).toEqual({ shown: 6, featured: 7 });
    expect(featuredSummary(many.slice(0, 2))).toEqual({ shown: 2, featured: 2 });
  });
});

describe('banner order', () => {
  it('sorts by order, then oldest first, and puts a new banner at the end', () => {
    const banners = [
      { _id: 'b', createdAt: '2024-01-02', order: 1 },
      { _id: 'a', createdAt: '2024-01-01', order: 1 },
      { _id: 'c', createdAt: '2024-01-03', order: 0 },
    ];
    expect([...banners].sort(compareBannerOrder).map((b) => b._id)).toEqual(['c', 'a', 'b']);
    expect(orderForNewBanner(banners)).toBe(2);
    expect(orderForNewBanner([])).toBe(0);
  });
});

describe('moveItem', () => {
  it.each([
    [1, -1, ['b', 'a', 'c']],
    [1, 1, ['a', 'c', 'b']],
    [0, -1, ['a', 'b', 'c']],
    [2, 1, ['a', 'b', 'c']],
    [0, 5, ['b', 'c', 'a']],
  ])('moves index %i by %i', (index, delta, expected) => {
    expect(moveItem(['a', 'b', 'c'], index, delta)).toEqual(expected);
  });
});
