import { describe, expect, it } from 'vitest';
import { serviceViewLink } from './service-status';

describe('serviceViewLink: where "View" opens a service', () => {
  it('opens an active service at its readable address, and a draft in the preview', () => {
    const id = '0123456789abcdef01234567';
    expect(serviceViewLink({ _id: id, slug: 'tarot-reading', isActive: true })).toBe('/service/tarot-reading');
    // Saved before slugs and not yet migrated: the id address, which the build redirects once it has one.
    expect(serviceViewLink({ _id: id, isActive: true })).toBe(`/service/${id}`);
    expect(serviceViewLink({ _id: id, slug: 'tarot-reading', isActive: false })).toBe(`/admin/preview/service/${id}`);
  });
});
