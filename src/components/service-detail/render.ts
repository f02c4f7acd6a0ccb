// Draws the service detail in the browser (the fallback page for services built after the last deploy), with the
// same markup as ServiceDetail.astro. Text goes in through textContent only, so content can never become HTML.
import { responsiveImage } from '../image-url';
import { CARD_TITLES, safeExternalUrl, type ServiceDetailView } from './model';

type Child = Node | string | null | false | undefined;
type Attrs = Record<string, string | boolean | undefined>;

function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function backArrow(): SVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  for (const [k, v] of Object.entries({
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '1.8',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  })) {
    svg.setAttribute(k, v);
  }
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', 'M19 12H5M11 6l-6 6 6 6');
  svg.append(path);
  return svg;
}

export function backLink(): HTMLElement {
  return h('a', { class: 'back-link', href: '/service' }, backArrow(), 'Back to Services');
}

function card(key: string, id: string, title: string, ...content: Child[]): HTMLElement {
  return h(
    'section',
    {
      class: key === 'note' ? 'detail-card detail-card--note' : 'detail-card',
      'aria-labelledby': id,
      'data-card': key,
    },
    h('h2', { id }, title),
    ...content,
  );
}

const prose = (text: string) => h('div', { class: 'prose' }, h('p', {}, text));

function accordion(items: { summary: string; panel: HTMLElement }[]): HTMLElement {
  return h(
    'div',
    { class: 'accordion' },
    ...items.map((item) =>
      h('details', {}, h('summary', {}, item.summary), h('div', { class: 'accordion__panel' }, item.panel)),
    ),
  );
}

const list = (items: string[], className?: string) =>
  h('ul', { class: className }, ...items.map((item) => h('li', {}, item)));

function hero(view: ServiceDetailView): HTMLElement {
  const bookingUrl = safeExternalUrl(view.bookingLink);
  const image = responsiveImage(view.image, 1280);
  const price = h(
    'p',
    { class: 'detail-price' },
    view.price.regular ? h('span', { class: 'visually-hidden' }, 'Offer price ') : null,
    h('span', { class: 'detail-price__current' }, view.price.current),
    view.price.regular ? h('span', { class: 'visually-hidden' }, ', regular price ') : null,
    view.price.regular ? h('s', { class: 'detail-price__regular' }, view.price.regular) : null,
  );
  const facts = h(
    'dl',
    { class: 'detail-facts' },
    h('div', {}, h('dt', {}, 'Duration'), h('dd', {}, view.duration)),
    h('div', {}, h('dt', {}, 'Delivery'), h('dd', {}, view.deliveryMethod)),
  );
  const text = h(
    'div',
    { class: 'detail-hero__text' },
    h('span', { class: 'badge' }, view.category),
    h('h1', { id: 'service-title' }, view.name),
    h('p', { class: 'detail-hero__short' }, view.shortDescription),
    price,
    facts,
    bookingUrl
      ? h(
          'a',
          {
            class: 'btn btn--lg detail-hero__book',
            href: bookingUrl,
            target: '_blank',
            rel: 'noopener noreferrer',
          },
          'Book Session',
          h('span', { class: 'visually-hidden' }, ' (opens in a new tab)'),
        )
      : null,
  );
  const media = image
    ? h(
        'figure',
        { class: 'detail-media media-frame' },
        h('img', {
          src: image.src,
          srcset: image.srcset || undefined,
          sizes: image.srcset ? '(min-width: 76rem) 30rem, (min-width: 56em) 40vw, 100vw' : undefined,
          alt: view.imageAlt,
          width: '960',
          height: '720',
          fetchpriority: 'high',
        }),
        h(
          'div',
          { class: 'detail-media__badges' },
          view.isFeatured ? h('span', { class: 'badge badge--featured' }, 'Featured') : null,
          h('span', { class: 'badge badge--night' }, view.deliveryMethod),
        ),
      )
    : null;
  return h(
    'section',
    { class: 'detail-hero night on-night', 'aria-labelledby': 'service-title' },
    h(
      'div',
      { class: 'container detail-hero__inner' },
      backLink(),
      h('div', { class: media ? 'detail-hero__grid detail-hero__grid--with-media' : 'detail-hero__grid' }, text, media),
    ),
  );
}

export function renderServiceDetail(view: ServiceDetailView): HTMLElement {
  const { cards } = view;
  const meta =
    view.availability || view.tags.length > 0
      ? h(
          'dl',
          { class: 'detail-meta' },
          view.availability ? h('div', {}, h('dt', {}, 'Availability'), h('dd', {}, view.availability)) : null,
          view.tags.length > 0 ? h('div', {}, h('dt', {}, 'Tags'), h('dd', {}, list(view.tags, 'tag-list'))) : null,
        )
      : null;

  const main = h(
    'div',
    { class: 'detail-main' },
    card(
      'overview',
      'about-session',
      'About this session',
      h('div', { class: 'prose' }, ...view.description.map((p) => h('p', {}, p))),
      meta,
    ),
    cards.whatIsThis && card('whatIsThis', 'card-what-is', CARD_TITLES.whatIsThis(view.name), prose(cards.whatIsThis)),
    cards.whatCanBeAsked.length > 0 &&
      card(
        'whatCanBeAsked',
        'card-ask',
        CARD_TITLES.whatCanBeAsked,
        accordion(
          cards.whatCanBeAsked.map((block) => ({
            summary: block.category || 'Questions',
            panel: list(block.questions),
          })),
        ),
      ),
    cards.processDescription &&
      card('processDescription', 'card-how', CARD_TITLES.processDescription, prose(cards.processDescription)),
    cards.faq.length > 0 &&
      card(
        'faq',
        'card-faq',
        CARD_TITLES.faq,
        accordion(cards.faq.map((entry) => ({ summary: entry.question, panel: h('p', {}, entry.answer) }))),
      ),
    cards.preparation && card('preparation', 'card-preparation', CARD_TITLES.preparation, prose(cards.preparation)),
    cards.afterCare && card('afterCare', 'card-aftercare', CARD_TITLES.afterCare, prose(cards.afterCare)),
    cards.benefits.length > 0 &&
      card('benefits', 'card-benefits', CARD_TITLES.benefits, list(cards.benefits, 'detail-list')),
    cards.prerequisites.length > 0 &&
      card(
        'prerequisites',
        'card-prerequisites',
        CARD_TITLES.prerequisites,
        list(cards.prerequisites, 'detail-list detail-list--dots'),
      ),
  );

  const aside = h(
    'aside',
    { class: 'detail-aside', 'aria-label': 'Session details' },
    cards.serviceInformation.length > 0 &&
      card(
        'serviceInformation',
        'card-info',
        CARD_TITLES.serviceInformation,
        h(
          'dl',
          { class: 'info-list' },
          ...cards.serviceInformation.map((row) => h('div', {}, h('dt', {}, row.label), h('dd', {}, row.value))),
        ),
      ),
    cards.note && card('note', 'card-note', CARD_TITLES.note, h('p', {}, cards.note)),
    h(
      'div',
      { class: 'detail-card aside-help' },
      h('p', {}, 'Have a question before you book? I am happy to help you choose.'),
      h('a', { href: '/contact' }, 'Write to me'),
    ),
  );

  return h(
    'article',
    { class: 'detail', 'data-service-id': view.id },
    hero(view),
    h('div', { class: 'container detail-body' }, main, aside),
  );
}
