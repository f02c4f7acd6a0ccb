/**
 * Banner videos: the cap on a new upload, and what a play costs in bandwidth (docs/costs.md, "Banner video").
 * Kept apart from the older 50 MB banner media limit (LIMITS.bannerMediaBytes): a video between the two that was
 * uploaded before the cap keeps playing, and the portal marks it.
 */

/** The largest banner video a new upload may hold: 15 MB. */
export const BANNER_VIDEO_MAX_BYTES = 15 * 1024 * 1024;

export const VIDEO_TOO_LARGE_MESSAGE = `Videos must be at most ${BANNER_VIDEO_MAX_BYTES / (1024 * 1024)} MB. A shorter or more compressed video keeps the site quick and within its monthly bandwidth`;

/**
 * Netlify's credit-based plans bill bandwidth at 10 credits per GB, and the Free plan holds 300 credits a month
 * (figures, date and source in docs/costs.md). One place, so the portal's cost line and the docs agree.
 */
export const NETLIFY_CREDITS_PER_GB = 10;
export const NETLIFY_FREE_CREDITS_PER_MONTH = 300;

/** Bytes in the GB that Netlify bills by (decimal). */
const GB = 1_000_000_000;

/** What a thousand full plays of a video of `bytes` cost: decimal GB sent, and the credits they use on Netlify. */
export function thousandPlaysCost(bytes: number): { gigabytes: number; credits: number } {
  const gigabytes = (bytes * 1000) / GB;
  return { gigabytes, credits: gigabytes * NETLIFY_CREDITS_PER_GB };
}
