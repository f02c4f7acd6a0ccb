// The "Book" click on a service whose booking lives on another site: the funnel's 'link-clicked' step
// (docs/bookings.md, "The visitor's flow"). Its own tiny module, so the static page's script stays a few lines.

/**
 * Counts one click. A beacon outlives the page the visitor is leaving; it carries the service id and nothing about
 * the visitor, and the API sets no cookie in reply.
 */
export function sendLinkClicked(serviceId: string): void {
  try {
    const body = new Blob([JSON.stringify({ serviceId, step: 'link-clicked' })], { type: 'application/json' });
    navigator.sendBeacon('/api/funnel', body);
  } catch {
    // No beacon support: the count is only a hint, and the link must work regardless.
  }
}

/** Sends the beacon on every click of a Book link inside `root` (the links carry data-book-link). */
export function watchBookLinks(root: ParentNode, serviceId: string): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-book-link]')) {
    link.addEventListener('click', () => sendLinkClicked(serviceId));
  }
}
