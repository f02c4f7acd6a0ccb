// For the banner tests (schema and routes): one invalid value per rule, checked at both levels.
const BAD_LINK = 'Link must be an http(s) URL or a path on this site starting with /';

/** Links the form refuses, all with BAD_LINK: [the rule, the link]. */
const BAD_LINKS: [rule: string, link: string][] = [
  ['no link that is not a URL', 'somewhere'],
  ['no relative links', 'service'],
  ['no javascript: links', 'javascript:alert(1)'],
  ['no JavaScript: links in any case', 'JaVaScRiPt:alert(1)'],
  ['no data: links', 'data:text/html,<script>alert(1)</script>'],
  ['no DATA: links', 'DATA:text/html,x'],
  ['no //host links', '//evil.example/path'],
  ['no /\\host links', '/\\evil.example'],
];

type InvalidBannerForm = [rule: string, change: Record<string, string>, field: string, message: string];

/**
 * The banner form's rules (docs/product-rules.md, "Validation", banner form): each row changes one field of a valid
 * form. [the rule, the change, the field refused, its message]
 */
export const INVALID_BANNER_FORMS: InvalidBannerForm[] = [
  ['title required', { title: '' }, 'title', 'Title is required'],
  ['title at most 100', { title: 'x'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
  [
    'description at most 500',
    { description: 'x'.repeat(501) },
    'description',
    'Description must be at most 500 characters',
  ],
  ['link required', { link: '' }, 'link', 'Link is required'],
  ...BAD_LINKS.map(([rule, link]): InvalidBannerForm => [rule, { link }, 'link', BAD_LINK]),
  ['order a number', { order: 'first' }, 'order', 'Order must be a number'],
  ['order whole', { order: '1.5' }, 'order', 'Order must be a whole number'],
  ['order at least 0', { order: '-1' }, 'order', 'Order must be 0 or more'],
  ['media type image or video', { mediaType: 'gif' }, 'mediaType', 'Media type must be image or video'],
];
