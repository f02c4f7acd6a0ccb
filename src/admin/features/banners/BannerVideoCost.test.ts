import { describe, expect, it } from 'vitest';
import { BANNER_VIDEO_MAX_BYTES, thousandPlaysCost } from '../../../shared/constants-video';
import { videoCostText } from './BannerVideoCost';

describe('the banner video cost line', () => {
  it('names the size and what a thousand plays cost in bandwidth and credits', () => {
    // 12.4 MiB: 13.0 decimal GB per thousand plays at 10 credits a GB.
    const bytes = Math.round(12.4 * 1024 * 1024);
    expect(thousandPlaysCost(bytes).gigabytes).toBeCloseTo(13.0, 1);
    expect(videoCostText(bytes)).toBe(
      "12.4 MB · about 13 GB of bandwidth per 1,000 plays, roughly 130 of the 300 credits a month on Netlify's Free plan",
    );
    expect(videoCostText(400_000)).toBe(
      "0.4 MB · about 0.4 GB of bandwidth per 1,000 plays, roughly 4.0 of the 300 credits a month on Netlify's Free plan",
    );
  });

  it('puts the largest new video at about half the Free plan per thousand plays', () => {
    expect(thousandPlaysCost(BANNER_VIDEO_MAX_BYTES).credits).toBeCloseTo(157.3, 1);
  });
});
