// `client:interaction` (registered in astro.config.mjs): hydrate an island when the visitor turns to it (pointer
// over or down, touch, keyboard focus inside), so its script is not part of the page load (docs/public-site.md).
// With a number, e.g. `client:interaction={3000}`, it also hydrates on its own once the page has loaded, that many
// milliseconds have passed and the browser is idle: for carousels whose first move is due only after that long.
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

const hydrateOnInteraction: ClientDirective = (load, options, el) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start);
    void load().then((hydrate) => hydrate());
  };
  for (const type of EVENTS) el.addEventListener(type, start, { once: true, passive: true });

  // A bare `client:interaction` arrives as `true` (or ''): no timer then.
  const { value } = options as { value: unknown };
  const afterMs = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (Number.isFinite(afterMs) && afterMs > 0) {
    const later = () =>
      setTimeout(() => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2_000 });
        else start();
      }, afterMs);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  }
};

export default hydrateOnInteraction;
