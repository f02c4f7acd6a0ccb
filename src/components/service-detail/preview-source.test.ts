import { describe, expect, it } from 'vitest';
import { previewIdFromPath, previewPath, UNSAVED_PREVIEW_ID } from './preview-source';

describe('preview addresses (docs/admin.md, "Draft preview")', () => {
  it.each([
    ['/admin/preview/service/0123456789abcdef01234567', '0123456789abcdef01234567'],
    ['/admin/preview/service/0123456789ABCDEF01234567/', '0123456789abcdef01234567'],
    ['/admin/preview/service/unsaved', UNSAVED_PREVIEW_ID],
  ])('%s → %s', (pathname, id) => {
    expect(previewIdFromPath(pathname)).toBe(id);
  });

  it.each(['/admin/preview/service/not-an-id', '/admin/preview/service/', '/service/0123456789abcdef01234567'])(
    'reads no preview in %s',
    (pathname) => {
      expect(previewIdFromPath(pathname)).toBeNull();
    },
  );

  it('round-trips the address it makes', () => {
    expect(previewIdFromPath(previewPath('0123456789abcdef01234567'))).toBe('0123456789abcdef01234567');
    expect(previewIdFromPath(previewPath(UNSAVED_PREVIEW_ID))).toBe(UNSAVED_PREVIEW_ID);
  });
});
