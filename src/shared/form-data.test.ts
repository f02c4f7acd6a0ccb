import { describe, expect, it } from 'vitest';
import { toFormData } from './form-data';

describe('toFormData', () => {
  it('sends text as is, numbers and booleans as text, lists and objects as JSON, absent values as empty parts', () => {
    const form = toFormData({
      name: 'Reading',
      price: 1500,
      offerPrice: undefined,
      isActive: false,
      tags: ['calm', 'clarity'],
      faq: [{ question: 'Q', answer: 'A' }],
    });
    expect([...form.entries()]).toEqual([
      ['name', 'Reading'],
      ['price', '1500'],
      ['offerPrice', ''],
      ['isActive', 'false'],
      ['tags', '["calm","clarity"]'],
      ['faq', '[{"question":"Q","answer":"A"}]'],
    ]);
  });

  it('sends a file as a file part with its name', () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'photo.png', { type: 'image/png' });
    const part = toFormData({ image: file }).get('image');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('photo.png');
    expect((part as File).size).toBe(3);
  });
});
