import { describe, expect, it } from 'vitest';
import { featuredCountText } from './featured-count';

describe('featuredCountText (docs/admin.md, "Order on the site")', () => {
  it.each([
    [{ shown: 6, featured: 7 }, '6 of 7 featured services show on the home page'],
    [{ shown: 3, featured: 3 }, '3 of 3 featured services show on the home page'],
    [{ shown: 1, featured: 1 }, '1 of 1 featured service shows on the home page'],
    [{ shown: 0, featured: 0 }, 'No service is featured, so the home page shows none.'],
  ])('%o → %s', (summary, text) => {
    expect(featuredCountText(summary)).toBe(text);
  });
});
