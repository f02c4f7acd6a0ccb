// `client:interaction` (registered in astro.config.mjs): hydrate an island when the visitor turns to it (pointer
// over or down, touch, keyboard focus inside), so its script is never part of the page load (docs/public-site.md,
// "Hydration"). There is deliberately no timer: a page-load measurement such as Lighthouse runs for an unknown time
// after `load`, and an island that wakes up by itself inside it is counted in full. An island whose static HTML
// has to move before anyone touches it (the banner autoplay) does that with a small script of its own.
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

const hydrateOnInteraction: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start);
    void load().then((hydrate) => hydrate());
  };
  for (const type of EVENTS) el.addEventListener(type, start, { once: true, passive: true });
};

export default hydrateOnInteraction;
