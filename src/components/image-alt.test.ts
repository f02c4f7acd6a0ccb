import { describe, expect, it } from 'vitest';
import { storedService } from '../../tests/support/factories';
import { toServiceCard } from './island-data';
import { serviceDetailView } from './service-detail/model';

const service = storedService({ name: 'Tarot Reading', isFeatured: true });

describe("a service image's alt text", () => {
  it('is the alt text the admin gave, on the detail page and on the home card', () => {
    const withAlt = { ...service, imageAlt: 'Three cards face up on a dark cloth' };
    expect(serviceDetailView(withAlt).imageAlt).toBe('Three cards face up on a dark cloth');
    expect(toServiceCard(withAlt).imageAlt).toBe('Three cards face up on a dark cloth');
  });

  it('falls back to the service name when none was given (older services have no field at all)', () => {
    expect(serviceDetailView(service).imageAlt).toBe('Tarot Reading');
    expect(toServiceCard({ ...service, imageAlt: '  ' }).imageAlt).toBe('Tarot Reading');
  });
});
