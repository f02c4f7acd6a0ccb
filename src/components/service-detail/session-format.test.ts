// The session format note (docs/content-api.md, "One fields object"): the field added to prove that a new service
// field is the fields object, the form's input, the pages that show it and these tests.
import { describe, expect, it } from 'vitest';
import { serviceFormText, storedService } from '../../../tests/support/factories';
import { ServiceInputSchema, ServiceSchema } from '../../shared/schemas/service';
import { readService } from './fallback';
import { serviceDetailView } from './model';

const NOTE = 'Recorded and sent by e-mail within 48 hours';

describe('sessionFormat', () => {
  it('is optional and trimmed on input, at most 200 characters, with a message that names it', () => {
    expect(ServiceInputSchema.parse(serviceFormText()).sessionFormat).toBeUndefined();
    expect(ServiceInputSchema.parse(serviceFormText({ sessionFormat: `  ${NOTE} ` })).sessionFormat).toBe(NOTE);
    expect(ServiceInputSchema.parse(serviceFormText({ sessionFormat: 'x'.repeat(200) })).sessionFormat).toHaveLength(
      200,
    );
    const tooLong = ServiceInputSchema.safeParse(serviceFormText({ sessionFormat: 'x'.repeat(201) }));
    expect(tooLong.error?.issues).toEqual([
      expect.objectContaining({ path: ['sessionFormat'], message: 'Session format must be at most 200 characters' }),
    ]);
  });

  it('is kept by a stored service, and a service saved without it still loads', () => {
    expect(ServiceSchema.parse(storedService({ sessionFormat: NOTE })).sessionFormat).toBe(NOTE);
    expect(ServiceSchema.parse(storedService()).sessionFormat).toBeUndefined();
  });

  it('shows in Service Information after the duration, only when it has text', () => {
    const rows = serviceDetailView(storedService({ sessionFormat: NOTE })).cards.serviceInformation;
    expect(rows).toEqual([
      { label: 'Delivery', value: 'Chat' },
      { label: 'Duration', value: '60 minutes' },
      { label: 'Session format', value: NOTE },
      { label: 'Availability', value: 'Evenings' },
    ]);
    for (const blank of [undefined, '', '   ']) {
      const view = serviceDetailView(storedService(blank === undefined ? {} : { sessionFormat: blank }));
      expect(view.cards.serviceInformation.map((row) => row.label)).not.toContain('Session format');
    }
  });

  it('reaches the fallback page from the API reply', () => {
    const reply: unknown = JSON.parse(JSON.stringify({ success: true, data: storedService({ sessionFormat: NOTE }) }));
    expect(readService(reply)?.sessionFormat).toBe(NOTE);
  });
});
