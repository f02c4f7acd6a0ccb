// Binds a ServiceDetailView into the markup ServiceDetail.astro renders, so the fallback page draws a service with
// the very markup of the static page instead of a second renderer (docs/public-site.md, "One markup").
// The component marks what depends on data with five attributes:
//   data-show="path"   the element stays only when the value has content (non-empty text, list or true)
//   data-each="path"   the element's first child is a prototype, cloned once per list entry
//   data-text="path"   the element's text is the value ('.' is the list entry itself)
//   data-attr="a=path" attribute a is set to the value
//   data-img="path"    on a content image's wrapper: the <img>'s responsive src/srcset, and its alt from
//                      data-img-alt="path" (ContentImage.astro draws the <img> itself)
// Text goes in through textContent only, so content can never become HTML.
import { localBlobUrl } from '../../shared/media-url';
import { responsiveImage, type ResponsiveImage } from '../image-url';
import { DETAIL_IMAGE_MAX_WIDTH } from './model';

type Scope = Record<string, unknown>;

export interface FillOptions {
  /**
   * The page's origin when images may be `blob:` addresses it made: the admin's preview of an unsaved form shows
   * the picked file that way (docs/admin.md, "Draft preview"). Left out, they are dropped like any unknown address.
   */
  blobOrigin?: string;
}

function valueAt(scope: Scope, path: string): unknown {
  if (path === '.') return scope['.'];
  let value: unknown = scope;
  for (const key of path.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Scope)[key] : undefined;
  }
  return value;
}

const present = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' ? value !== '' : value === true;

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

function bind(element: Element, scope: Scope, options: FillOptions): void {
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
      bind(clone, typeof entry === 'object' && entry !== null ? (entry as Scope) : { '.': entry }, options);
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
  const img = data.img === undefined ? null : element.querySelector('img');
  if (img && data.img !== undefined) {
    const image = contentImage(asText(valueAt(scope, data.img)), options);
    img.setAttribute('src', image?.src ?? '');
    img.setAttribute('alt', asText(valueAt(scope, data.imgAlt ?? '')));
    if (image?.srcset) {
      img.setAttribute('srcset', image.srcset);
    } else {
      img.removeAttribute('srcset');
      img.removeAttribute('sizes');
    }
  }
  for (const child of [...element.children]) bind(child, scope, options);
}

/** A picked file's blob: address is shown as it is (the image CDN cannot resize it); anything else as usual. */
function contentImage(path: string, options: FillOptions): ResponsiveImage | null {
  const blob = options.blobOrigin ? localBlobUrl(path, options.blobOrigin) : '';
  return blob ? { src: blob, srcset: '' } : responsiveImage(path, DETAIL_IMAGE_MAX_WIDTH);
}

/**
 * Fills a copy of the template's content with `view` and returns it. The copy stays in the template's inert
 * document while it is filled, so the placeholder image is never requested.
 */
export function fillTemplate(template: HTMLTemplateElement, view: object, options: FillOptions = {}): DocumentFragment {
  const fragment = template.content.cloneNode(true) as DocumentFragment;
  for (const child of [...fragment.children]) bind(child, view as Scope, options);
  return fragment;
}
