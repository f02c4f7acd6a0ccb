import { describe, expect, it } from 'vitest';
import { bannerCarouselRules, servicesCarouselRules, slidesPerViewAt } from './carousel-rules';

describe('banner carousel rules (docs/product-rules.md, "Limits")', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [7, true],
  ])('%i banners: loop and autoplay %s', (count, moving) => {
    expect(bannerCarouselRules(count)).toEqual({ loop: moving, autoplay: moving, autoplayMs: 4_000, speedMs: 1_000 });
  });
});

describe('services carousel rules (docs/product-rules.md, "Limits")', () => {
  it.each([
    [1, false],
    [4, false],
    [5, true],
    [6, true],
  ])('%i services: loop and arrows %s', (count, above) => {
    const rules = servicesCarouselRules(count);
    expect(rules.loop).toBe(above);
    expect(rules.arrows).toBe(above);
    expect(rules.autoplayMs).toBe(3_000);
  });

  it.each([
    // count, [per view at 320, 768, 1024, 1200 px]
    [1, [1, 1, 1, 1]],
    [2, [1, 2, 2, 2]],
    [3, [1, 2, 3, 3]],
    [4, [1, 2, 3, 4]],
    [6, [1, 2, 3, 4]],
  ])('%i services: slides per view 1/2/3/4 from 0/768/1024/1200 px, capped at the count', (count, expected) => {
    const rules = servicesCarouselRules(count);
    expect([320, 768, 1024, 1200].map((width) => slidesPerViewAt(rules, width))).toEqual(expected);
    expect(slidesPerViewAt(rules, 767)).toBe(1);
    expect(slidesPerViewAt(rules, 1199)).toBe(Math.min(3, count));
  });
});
