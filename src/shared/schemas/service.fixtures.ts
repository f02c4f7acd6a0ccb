// For the service tests (schema and routes): one invalid value per rule, checked at both levels.
const REQUIRED = 'Please fill in all required fields';
const BAD_BOOKING_LINK = 'Must be a valid http(s) URL';
const DELIVERY_METHOD = 'Please choose a delivery method from the list';

/**
 * The service form's rules (docs/product-rules.md, "Validation", service form): each row changes a valid form.
 * [the rule, the change, the field refused, its message]
 */
export const INVALID_SERVICE_FORMS: [rule: string, change: Record<string, string>, field: string, message: string][] = [
  ['name required', { name: '' }, 'name', REQUIRED],
  ['name not blank', { name: '   ' }, 'name', REQUIRED],
  ['description required', { description: '  ' }, 'description', REQUIRED],
  ['price required', { price: '' }, 'price', REQUIRED],
  ['price a number', { price: 'abc' }, 'price', 'Must be a number'],
  ['price at least 0', { price: '-1' }, 'price', 'Price must be 0 or more'],
  ['bookingLink required', { bookingLink: '' }, 'bookingLink', REQUIRED],
  ['bookingLink a URL', { bookingLink: 'book me' }, 'bookingLink', BAD_BOOKING_LINK],
  ['bookingLink http(s)', { bookingLink: 'ftp://example.org' }, 'bookingLink', BAD_BOOKING_LINK],
  ['bookingLink no javascript:', { bookingLink: 'javascript:alert(1)' }, 'bookingLink', BAD_BOOKING_LINK],
  ['shortDescription required', { shortDescription: '' }, 'shortDescription', 'Short description is required'],
  [
    'shortDescription at most 200',
    { shortDescription: 'x'.repeat(201) },
    'shortDescription',
    'Short description must be at most 200 characters',
  ],
  ['note at most 500', { note: 'x'.repeat(501) }, 'note', 'Note must be at most 500 characters'],
  ['offer price at least 0', { offerPrice: '-5' }, 'offerPrice', 'Offer price must be 0 or more'],
  [
    'offer below price',
    { price: '1000', offerPrice: '1000' },
    'offerPrice',
    'Offer price must be below the regular price',
  ],
  [
    'offer ends after it starts',
    { offerStart: '2026-11-05T00:00:00.000Z', offerEnd: '2026-11-01T00:00:00.000Z' },
    'offerEnd',
    'The offer must end after it starts',
  ],
  ['offer start a date and time', { offerStart: 'next Diwali' }, 'offerStart', 'Offer start must be a date and time'],
  [
    'offer dates need an offer price',
    { offerPrice: '', offerEnd: '2026-11-05T00:00:00.000Z' },
    'offerPrice',
    'Add the offer price these dates are for, or clear the dates',
  ],
  ['duration required', { duration: '' }, 'duration', 'Duration is required'],
  ['delivery method required', { deliveryMethod: '' }, 'deliveryMethod', DELIVERY_METHOD],
  ['delivery method from the list', { deliveryMethod: 'Telepathy' }, 'deliveryMethod', DELIVERY_METHOD],
  ['category left empty', { category: '' }, 'category', 'Please choose a category from the list'],
  ['list fields as JSON lists', { benefits: '{"a":1}' }, 'benefits', 'Invalid input: expected array, received object'],
];
