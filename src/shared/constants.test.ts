import { describe, expect, it } from 'vitest';
import * as constants from './constants';

// Product rules (docs/product-rules.md, "Limits"), value by value: a change to any of these is a change to the product and must be deliberate.
describe('business constants (docs/product-rules.md, "Limits")', () => {
  it.each<[string, unknown, unknown]>([
    ['admin token lifetime: 3 hours', constants.ADMIN_TOKEN_LIFETIME_MS, 3 * 60 * 60 * 1000],
    ['API timeout: 10000 ms', constants.API_TIMEOUT_MS, 10_000],
    ['home featured limit', constants.HOME_FEATURED_LIMIT, 6],
    ['services page limit', constants.SERVICES_PAGE_LIMIT, 20],
    ['short description limit', constants.LIMITS.shortDescription, 200],
    ['note limit', constants.LIMITS.note, 500],
    ['banner title limit', constants.LIMITS.bannerTitle, 100],
    ['banner description limit', constants.LIMITS.bannerDescription, 500],
    ['banner media limit: 50 MB', constants.LIMITS.bannerMediaBytes, 50 * 1024 * 1024],
    ['password minimum', constants.LIMITS.passwordMin, 6],
    ['OTP digits', constants.LIMITS.otpDigits, 6],
    ['price minimum', constants.LIMITS.priceMin, 0],
    ['banner order minimum', constants.LIMITS.bannerOrderMin, 0],
    ['description preview', constants.LIMITS.descriptionPreview, 60],
    ['link preview', constants.LIMITS.linkPreview, 30],
    ['redirect after saving a service', constants.SAVE_REDIRECT_DELAY_MS, 2_000],
    ['header scroll threshold', constants.HEADER_SCROLL_THRESHOLD_PX, 50],
    ['header entrance', constants.HEADER_ENTRANCE_S, 0.6],
    ['nav item stagger', constants.NAV_STAGGER_S, 0.1],
    ['banner carousel', constants.BANNER_CAROUSEL, { autoplayMs: 4_000, speedMs: 1_000 }],
    ['services carousel autoplay', constants.SERVICES_CAROUSEL.autoplayMs, 3_000],
    ['services carousel loops above', constants.SERVICES_CAROUSEL.loopAbove, 4],
    ['services carousel slides per view', constants.SERVICES_CAROUSEL.breakpoints, { 0: 1, 768: 2, 1024: 3, 1200: 4 }],
    ['delivery methods', constants.DELIVERY_METHODS, ['Video Call', 'Audio Call', 'In Person', 'Email', 'Chat']],
    ['banner media types', constants.BANNER_MEDIA_TYPES, ['image', 'video']],
    ['service status filter', constants.SERVICE_STATUS_FILTERS, ['All', 'Active', 'Inactive']],
    [
      'service sort fields',
      constants.SERVICE_SORT_FIELDS.map((f) => f.label),
      ['Date Created', 'Name', 'Price', 'Category'],
    ],
    ['default sort: Date Created first', constants.SERVICE_SORT_FIELDS[0]?.value, 'createdAt'],
    ['browser storage: two entries', Object.keys(constants.STORAGE_KEYS), ['token', 'expiry']],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  // The spec's two long lists, word for word and in order, are pinned in the snapshot committed beside this file
  // (__snapshots__/constants.test.ts.snap) rather than copied here: a changed, added or moved entry fails until the
  // snapshot is deliberately updated (`npx vitest run -u src/shared/constants.test.ts`).
  it.each([
    ['categories', constants.SERVICE_CATEGORIES],
    ['contact subjects', constants.CONTACT_SUBJECTS],
  ])('%s: the spec list, word for word', (_name, list) => {
    expect(list).toMatchSnapshot();
  });

  it('keeps an upload chunk under the function payload limit (6 MB buffered, base64 inflates by 4/3)', () => {
    expect((constants.UPLOAD_CHUNK_BYTES * 4) / 3).toBeLessThan(6 * 1024 * 1024);
  });
});
