// The phone's booking bar appears once the hero's text (with its Book button) has scrolled away above the view, and
// hides again when it comes back. The page reserves the bar's height at its end (service-detail.css), so the bar
// never covers the last of the content. Without script the bar simply stays hidden: the hero's button remains.

/** Starts watching the detail page inside `root`; idempotent, so the fallback can call it after drawing. */
export function watchBookBar(root: ParentNode): void {
  const bar = root.querySelector<HTMLElement>('[data-book-bar]');
  const anchor = root.querySelector<HTMLElement>('[data-book-anchor]');
  if (!bar || !anchor || bar.dataset.watched === 'true') return;
  bar.dataset.watched = 'true';
  const show = (visible: boolean) => (bar.dataset.visible = String(visible));
  if (!('IntersectionObserver' in window)) {
    show(true);
    return;
  }
  new IntersectionObserver((entries) => {
    const entry = entries[entries.length - 1];
    if (entry) show(!entry.isIntersecting && entry.boundingClientRect.top < 0);
  }).observe(anchor);
}
