import { describe, expect, it } from 'vitest';
import { ServiceInputSchema } from '../../../shared/schemas/service';
import { SERVICE_FIELD_NAMES } from './service-form-model';
import { emptyServiceForm, formToInput, inputPathToForm, inputToFormData, serviceToForm } from './service-form-model';
import { storedService as makeService } from '../../../../tests/support/factories';

const stored = makeService();

describe('service form model', () => {
  it('starts with the create defaults of product rules (docs/product-rules.md, "States")', () => {
    const form = emptyServiceForm();
    expect(form).toMatchObject({
      category: 'Akashic Records Reading',
      deliveryMethod: 'Video Call',
      availability: 'Check booking link for availability',
      isActive: true,
      isFeatured: false,
    });
    // One empty benefit and one empty category block with one question, so the editors start usable.
    expect(form.benefits).toEqual([{ value: '' }]);
    expect(form.whatCanBeAsked).toEqual([{ category: '', questions: [{ value: '' }] }]);
  });

  it('applies the edit fallbacks: an empty category becomes Tarot Reading, active unless explicitly false', () => {
    const { category: _c, isActive: _a, ...rest } = stored;
    const form = serviceToForm({ ...rest, category: '' });
    expect(form.category).toBe('Tarot Reading');
    expect(form.isActive).toBe(true);
    expect(serviceToForm({ ...rest, isActive: false }).isActive).toBe(false);
    expect(serviceToForm({ _id: stored._id }).deliveryMethod).toBe('Video Call');
  });

  it('round-trips a stored service through the form and the shared schema unchanged', () => {
    const input = ServiceInputSchema.parse(formToInput(serviceToForm(stored)));
    expect(input).toMatchObject({
      name: stored.name,
      price: 2500,
      offerPrice: 1999,
      benefits: ['Calm'],
      whatToExpected: ['A recording'],
      whatCanBeAsked: [{ category: 'Career', questions: ['Which path?'] }],
      faq: [{ question: 'Q', answer: 'A' }],
      tags: ['clarity'],
    });
  });

  it('drops empty list entries on submit (docs/product-rules.md, "Validation")', () => {
    const form = serviceToForm(stored);
    form.benefits.push({ value: '   ' });
    form.whatCanBeAsked.push({ category: '', questions: [{ value: '' }] });
    form.faq.push({ question: '', answer: '' });
    const input = ServiceInputSchema.parse(formToInput(form));
    expect(input.benefits).toEqual(['Calm']);
    expect(input.whatCanBeAsked).toHaveLength(1);
    expect(input.faq).toHaveLength(1);
  });

  it('sends list fields as JSON text in the multipart body, and an absent offer as empty', () => {
    const input = ServiceInputSchema.parse(formToInput({ ...serviceToForm(stored), offerPrice: '' }));
    const body = inputToFormData(input);
    expect(body.get('offerPrice')).toBe('');
    const asked = body.get('whatCanBeAsked');
    expect(typeof asked).toBe('string');
    expect(JSON.parse(typeof asked === 'string' ? asked : '')).toEqual(stored.whatCanBeAsked);
    expect(body.get('isActive')).toBe('true');
    // The API reads the same body back with the same schema.
    expect(ServiceInputSchema.parse(Object.fromEntries(body.entries())).tags).toEqual(['clarity']);
  });

  // A list of texts is a list of { value } rows in the form: its error belongs to the row's value.
  it.each(['benefits.2', 'tags.0', 'whatCanBeAsked.1.questions.3'])(
    'maps the schema error path %s to its .value',
    (from) => {
      expect(inputPathToForm(from)).toBe(`${from}.value`);
    },
  );

  it.each(['whatCanBeAsked.1.category', 'name'])('keeps the schema error path %s as the form path', (path) => {
    expect(inputPathToForm(path)).toBe(path);
  });

  it('holds every field of the shared schema, so a new schema field reaches the form and the body it sends', () => {
    expect(Object.keys(emptyServiceForm()).sort()).toEqual([...SERVICE_FIELD_NAMES].sort());
    expect(SERVICE_FIELD_NAMES).toContain('imageAlt');
    const form = { ...serviceToForm(stored), imageAlt: 'A candle beside an open book' };
    const body = inputToFormData(ServiceInputSchema.parse(formToInput(form)), '/media/new.png');
    expect(body.get('imageAlt')).toBe('A candle beside an open book');
    expect(body.get('image')).toBe('/media/new.png');
    expect(serviceToForm({ _id: stored._id }).imageAlt).toBe('');
  });
});
