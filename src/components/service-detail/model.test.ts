import { describe, expect, it } from 'vitest';
import { blankServiceContent } from '../../../tests/support/factories';
import {
  detailCards,
  paragraphsKeepingLines,
  priceView,
  serviceDetailView,
  templateView,
  type DetailSource,
} from './model';

const empty: DetailSource = {
  _id: '0123456789abcdef01234567',
  name: 'Tarot',
  category: 'Tarot Reading',
  shortDescription: 'Short',
  description: 'Long',
  price: 1000,
  duration: '30 minutes',
  deliveryMethod: 'Chat',
  bookingLink: 'https://example.org',
  image: '',
  isFeatured: false,
  ...blankServiceContent(),
};

describe('detail cards: shown only when they have content', () => {
  it('has nothing optional but Service Information for a bare service', () => {
    expect(detailCards(empty)).toEqual({
      whatIsThis: null,
      whatCanBeAsked: [],
      processDescription: null,
      faq: [],
      preparation: null,
      afterCare: null,
      benefits: [],
      prerequisites: [],
      serviceInformation: [
        { label: 'Delivery', value: 'Chat' },
        { label: 'Duration', value: '30 minutes' },
      ],
      note: null,
    });
  });

  it('treats whitespace as no content', () => {
    const cards = detailCards({ ...empty, whatIsThis: '  \n ', benefits: [' ', ''], note: '\t' });
    expect([cards.whatIsThis, cards.benefits, cards.note]).toEqual([null, [], null]);
  });

  it('keeps only FAQ entries with both a question and an answer', () => {
    const cards = detailCards({
      ...empty,
      faq: [
        { question: 'Q1', answer: 'A1' },
        { question: 'Q2', answer: ' ' },
        { question: '', answer: 'A3' },
      ],
    });
    expect(cards.faq).toEqual([{ question: 'Q1', answer: 'A1' }]);
  });

  it('keeps question blocks that have questions', () => {
    const cards = detailCards({
      ...empty,
      whatCanBeAsked: [
        { category: 'Love', questions: ['Why?', ' '] },
        { category: 'Empty', questions: [] },
      ],
    });
    expect(cards.whatCanBeAsked).toEqual([{ category: 'Love', questions: ['Why?'] }]);
  });

  it("labels a question block without a category 'Questions'", () => {
    const cards = detailCards({ ...empty, whatCanBeAsked: [{ category: ' ', questions: ['Why?'] }] });
    expect(cards.whatCanBeAsked).toEqual([{ category: 'Questions', questions: ['Why?'] }]);
  });
});

describe('the view both pages bind', () => {
  it('decides the booking link, the facts block and the first card title once', () => {
    const view = serviceDetailView({ ...empty, availability: ' ', tags: [' '], whatIsThis: 'Light' });
    expect(view.bookingUrl).toBe('https://example.org');
    expect(view.hasMeta).toBe(false);
    expect(view.whatIsThisTitle).toBe('What is Tarot?');
    expect(serviceDetailView({ ...empty, tags: ['calm'] }).hasMeta).toBe(true);
    expect(serviceDetailView({ ...empty, bookingLink: 'javascript:alert(1)' }).bookingUrl).toBeNull();
  });

  it('gives the template one blank entry per list and every optional part', () => {
    const view = templateView();
    expect(view.description).toEqual(['']);
    expect(view.cards.faq).toHaveLength(1);
    expect(view.cards.whatCanBeAsked[0]?.questions).toEqual(['']);
    expect([view.hasMeta, view.isFeatured, view.image !== '', view.price.regular !== null]).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});

describe('prices', () => {
  it('shows the offer with the regular price beside it, only when the offer is lower', () => {
    expect(priceView(2100, 1500)).toEqual({ current: '₹1,500', regular: '₹2,100' });
    expect(priceView(2100)).toEqual({ current: '₹2,100', regular: null });
    expect(priceView(2100, 2100)).toEqual({ current: '₹2,100', regular: null });
  });
});

describe('paragraphsKeepingLines', () => {
  it('splits on blank lines and keeps single line breaks', () => {
    expect(paragraphsKeepingLines('One\nstill one\n\n  Two  \n\n\n')).toEqual(['One\nstill one', 'Two']);
  });
});

describe('testimonials', () => {
  it('shows the non-empty ones with stars, a spelled-out date and the average of the rated ones', () => {
    const view = serviceDetailView({
      ...empty,
      testimonials: [
        { name: ' Meera ', text: 'Calm and kind.', rating: 5, date: '2026-09-14' },
        { name: 'R. K.', text: 'Gentle.', rating: 4, date: '2026-10-02' },
        { name: 'S.', text: 'Lighter afterwards.', date: '' },
        { name: 'Blank', text: '  ', rating: 1 },
      ],
    });
    expect(view.testimonials).toEqual([
      {
        name: 'Meera',
        text: 'Calm and kind.',
        starsClass: 'stars stars--5',
        ratingLabel: 'Rated 5 out of 5',
        date: '14 Sep 2026',
        dateTime: '2026-09-14',
      },
      expect.objectContaining({ starsClass: 'stars stars--4', date: '2 Oct 2026' }),
      expect.objectContaining({ starsClass: 'stars', ratingLabel: '', date: '', dateTime: '' }),
    ]);
    expect(view.reviewSummary).toBe('Rated 4.5 out of 5 by 2 clients');
    expect(serviceDetailView(empty)).toMatchObject({ testimonials: [], reviewSummary: '' });
  });

  it('gives the template one testimonial with every part', () => {
    expect(templateView().testimonials).toHaveLength(1);
  });
});
