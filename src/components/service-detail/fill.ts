// Binds a ServiceDetailView into the markup ServiceDetail.astro renders, so the fallback page draws a service with
// the very markup of the static page instead of a second renderer (docs/public-site.md, "One markup").
// The component marks what depends on data with five attributes:
//   data-show="path"   the element stays only when the value has content (non-empty text, list or true)
//   data-each="path"   the element's first child is a prototype, cloned once per list entry
//   data-text="path"   the element's text is the value ('.' is the list entry itself)
//   data-attr="a=path" attribute a is set to the value
//   data-img="path"    the responsive src/srcset of a content image
// Text goes in through textContent only, so content can never become HTML.
import { responsiveImage } from '../image-url';
import { DETAIL_IMAGE_MAX_WIDTH } from './model';

type Scope = Record<string, unknown>;

function valueAt(scope: Scope, path: string): unknown {
  let value: unknown = scope;
  for (const key of path.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Scope)[key] : undefined;
  }
  return value;
}

const present = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' ? value !== '' : value === true;

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

function bind(element: Element, scope: Scope): void {
  const data = (element as HTMLElement).dataset;
  if (data.show !== undefined && !present(valueAt(scope, data.show))) {
    element.remove();
    return;
  }
  if (data.each !== undefined) {
    const prototype = element.firstElementChild;
    const entries = valueAt(scope, data.each);
    const clones = (Array.isArray(entries) ? entries : []).map((entry: unknown) => {
      const clone = prototype?.cloneNode(true) as Element;
      bind(clone, typeof entry === 'object' && entry !== null ? (entry as Scope) : { '.': entry });
      return clone;
    });
    element.replaceChildren(...clones);
    return;
  }
  if (data.text !== undefined) element.textContent = asText(valueAt(scope, data.text));
  if (data.attr !== undefined) {
    const [name = '', path = ''] = data.attr.split('=');
    element.setAttribute(name, asText(valueAt(scope, path)));
  }
  if (data.img !== undefined) {
    const image = responsiveImage(asText(valueAt(scope, data.img)), DETAIL_IMAGE_MAX_WIDTH);
    element.setAttribute('src', image?.src ?? '');
    if (image?.srcset) {
      element.setAttribute('srcset', image.srcset);
    } else {
      element.removeAttribute('srcset');
      element.removeAttribute('sizes');
    }
  }
  for (const child of [...element.children]) bind(child, scope);
}

/**
 * Fills a copy of the template's content with `view` and returns it. The copy stays in the template's inert
 * document while it is filled, so the placeholder image is never requested.
 */
export function fillTemplate(template: HTMLTemplateElement, view: object): DocumentFragment {
  const fragment = template.content.cloneNode(true) as DocumentFragment;
  for (const child of [...fragment.children]) bind(child, view as Scope);
  return fragment;
}
