import { BANNER_VIDEO_MAX_BYTES, VIDEO_TOO_LARGE_MESSAGE } from '../constants-video';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  MEDIA_TOO_LARGE_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  pickedFileProblem,
  UNSUPPORTED_MEDIA_MESSAGE,
} from './upload';

const MB = 1024 * 1024;

describe('pickedFileProblem', () => {
  it('takes an image of up to 20 MB for an image field, and names the problem otherwise', () => {
    expect(pickedFileProblem({ type: 'image/png', size: 200_000 }, ['image'])).toBeNull();
    expect(pickedFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 }, ['image'])).toBe(
      IMAGE_TOO_LARGE_MESSAGE,
    );
    expect(pickedFileProblem({ type: 'video/mp4', size: MB }, ['image'])).toBe(NOT_AN_IMAGE_MESSAGE);
    expect(pickedFileProblem({ type: '', size: MB }, ['image'])).toBe(NOT_AN_IMAGE_MESSAGE);
  });

  it('takes a video of up to 15 MB for a banner, with images still held to 20 MB', () => {
    expect(pickedFileProblem({ type: 'video/mp4', size: BANNER_VIDEO_MAX_BYTES }, ['image', 'video'])).toBeNull();
    expect(pickedFileProblem({ type: 'video/mp4', size: BANNER_VIDEO_MAX_BYTES + 1 }, ['image', 'video'])).toBe(
      VIDEO_TOO_LARGE_MESSAGE,
    );
    expect(VIDEO_TOO_LARGE_MESSAGE).toMatch(/^Videos must be at most 15 MB\./);
    expect(pickedFileProblem({ type: 'video/webm', size: LIMITS.bannerMediaBytes + 1 }, ['image', 'video'])).toBe(
      MEDIA_TOO_LARGE_MESSAGE,
    );
    expect(pickedFileProblem({ type: 'image/jpeg', size: 30 * MB }, ['image', 'video'])).toBe(IMAGE_TOO_LARGE_MESSAGE);
    expect(pickedFileProblem({ type: 'application/pdf', size: MB }, ['image', 'video'])).toBe(
      UNSUPPORTED_MEDIA_MESSAGE,
    );
  });
});
