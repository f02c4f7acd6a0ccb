// Every business constant of product rules (docs/product-rules.md, "Limits"), defined once. Browser and server both import from here.

export const SERVICE_CATEGORIES = [
  'Akashic Records Reading',
  'Tarot Reading',
  'Maha Kali Healing',
  'Pendulum Dowsing',
  'Past Life Regression',
  'Karmic Healing',
  'Soul Purpose Reading',
  'Energy Cleansing',
  'Spiritual Guidance',
  'Astrology',
  'Numerology',
  'Other',
] as const;

export const DELIVERY_METHODS = ['Video Call', 'Audio Call', 'In Person', 'Email', 'Chat'] as const;

export const CONTACT_SUBJECTS = [
  'Akashic Records Reading',
  'Healing Session',
  'Life Purpose Guidance',
  'Relationship Reading',
  'Career Guidance',
  'General Inquiry',
  'Other',
] as const;

export const BANNER_MEDIA_TYPES = ['image', 'video'] as const;

export const SERVICE_STATUS_FILTERS = ['All', 'Active', 'Inactive'] as const;

/** Admin service list sort fields, label → service field. Default: createdAt descending. */
export const SERVICE_SORT_FIELDS = [
  { value: 'createdAt', label: 'Date Created' },
  { value: 'name', label: 'Name' },
  { value: 'price', label: 'Price' },
  { value: 'category', label: 'Category' },
] as const;

export const LIMITS = {
  shortDescription: 200,
  note: 500,
  bannerTitle: 100,
  bannerDescription: 500,
  /** Banner media upload limit: 50 MB. */
  bannerMediaBytes: 50 * 1024 * 1024,
  imageAlt: 150,
  passwordMin: 6,
  /** Not in the spec: an upper bound keeps bcrypt work and request sizes sane. */
  passwordMax: 128,
  otpDigits: 6,
  priceMin: 0,
  /** A sanity cap (INR): a typo of a few extra digits is refused instead of published. */
  priceMax: 10_000_000,
  bannerOrderMin: 0,
  /** Admin table previews. */
  descriptionPreview: 60,
  linkPreview: 30,
} as const;

export const HOME_FEATURED_LIMIT = 6;
export const SERVICES_PAGE_LIMIT = 20;

export const ADMIN_TOKEN_LIFETIME_MS = 3 * 60 * 60 * 1000;
export const API_TIMEOUT_MS = 10_000;
export const SAVE_REDIRECT_DELAY_MS = 2_000;

export const HEADER_SCROLL_THRESHOLD_PX = 50;
export const HEADER_ENTRANCE_S = 0.6;
export const NAV_STAGGER_S = 0.1;

export const BANNER_CAROUSEL = { autoplayMs: 4_000, speedMs: 1_000 } as const;
export const SERVICES_CAROUSEL = {
  autoplayMs: 3_000,
  /** Loop and arrows only above this many services. */
  loopAbove: 4,
  breakpoints: { 0: 1, 768: 2, 1024: 3, 1200: 4 },
} as const;

/** Browser storage keys: the admin token and its expiry (docs/product-rules.md, "Limits"). */
export const STORAGE_KEYS = { token: 'adminToken', expiry: 'adminTokenExpiry' } as const;

/** Chunked media upload: each chunk stays well under Netlify's 6 MB buffered (≈4.5 MB binary) limit. */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;

/** Image types accepted for services and banners (decided by magic bytes on the server). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm'] as const;
