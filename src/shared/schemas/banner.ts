import { z } from 'zod';
import { BANNER_MEDIA_TYPES, LIMITS } from '../constants';
import {
  formBoolean,
  hasNul,
  IdSchema,
  isHttpUrl,
  isSitePath,
  NUL_MESSAGE,
  optionalText,
  requiredText,
} from './common';
import { endsAfterStart, scheduleInstant } from '../schedule';

export const BannerMediaTypeSchema = z.enum(BANNER_MEDIA_TYPES, { error: 'Media type must be image or video' });

/** Banner links: an http(s) URL or a path on this site. javascript:, data: and //host are refused. */
export const BannerLinkSchema = z
  .string({ error: 'Link is required' })
  .trim()
  .min(1, { error: 'Link is required' })
  .max(2_000, { error: 'Link is too long' })
  .refine((value) => !hasNul(value), { error: NUL_MESSAGE })
  .refine((value) => isHttpUrl(value) || isSitePath(value), {
    error: 'Link must be an http(s) URL or a path on this site starting with /',
  });

/** The banner form's fields; BannerInputSchema below adds the rule between them. */
const BannerFieldsSchema = z.object({
  title: requiredText(
    'Title is required',
    LIMITS.bannerTitle,
    `Title must be at most ${LIMITS.bannerTitle} characters`,
  ),
  description: optionalText(
    LIMITS.bannerDescription,
    `Description must be at most ${LIMITS.bannerDescription} characters`,
  ),
  link: BannerLinkSchema,
  /**
   * Kept for API compatibility; the admin's banner list sets the order (`PUT /api/admin/banners/order`) and its form
   * no longer sends one. Absent: a new banner goes to the end, an edited one keeps its place (docs/admin.md).
   */
  order: z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return undefined;
      if (typeof value === 'string') return Number(value);
      return value;
    },
    z
      .number({ error: 'Order must be a number' })
      .int({ error: 'Order must be a whole number' })
      .min(LIMITS.bannerOrderMin, { error: 'Order must be 0 or more' })
      .max(10_000, { error: 'Order is too large' })
      .optional(),
  ),
  /** Informational only (the server decides from the bytes); a blank value, as an unset select sends, is fine. */
  mediaType: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    BannerMediaTypeSchema.optional(),
  ),
  /** A committed upload (/media/<key>) chosen instead of a file part. */
  mediaUrl: optionalText(2_000),
  /**
   * What the picture shows, for people who cannot see it. Empty means the picture is decoration: the slide's title
   * and text already say what it is about (docs/admin.md, "Banners").
   */
  mediaAlt: optionalText(LIMITS.imageAlt, `Image alt text must be at most ${LIMITS.imageAlt} characters`).optional(),
  isActive: formBoolean(true),
  /** When the banner appears and goes (docs/schedules.md): UTC instants, typed in the practitioner's zone. */
  startsAt: scheduleInstant('Start'),
  endsAt: scheduleInstant('End'),
});

/** What the banner modal submits and the API accepts. `mediaType` is decided by the server from the file's bytes. */
export const BannerInputSchema = BannerFieldsSchema.refine((banner) => endsAfterStart(banner.startsAt, banner.endsAt), {
  error: 'The banner must end after it starts',
  path: ['endsAt'],
});

export type BannerInput = z.output<typeof BannerInputSchema>;
export type BannerFormValues = z.input<typeof BannerInputSchema>;

/** A banner as the stores keep it: `link` is the one stored field for where a click goes. */
export const StoredBannerSchema = z.object({
  _id: IdSchema,
  title: z.string(),
  description: z.string(),
  link: z.string(),
  order: z.number(),
  mediaType: BannerMediaTypeSchema,
  mediaUrl: z.string(),
  /** Absent on banners saved before the field existed. */
  mediaAlt: z.string().optional(),
  isActive: z.boolean(),
  /** Absent (banners saved before schedules) or null: no start or end. */
  startsAt: z.string().nullable().optional(),
  endsAt: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type StoredBanner = z.output<typeof StoredBannerSchema>;

/**
 * A banner as the API returns it: the stored banner plus `linkUrl`, the name the public home slide reads, which is
 * `link` again. Only the API edge adds it (src/server/http/serialize.ts, docs/content-api.md).
 */
export const BannerSchema = StoredBannerSchema.extend({ linkUrl: z.string() });

export type Banner = z.output<typeof BannerSchema>;
