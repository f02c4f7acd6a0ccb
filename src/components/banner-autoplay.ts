// The home banner before its island arrives (docs/public-site.md, "Hydration"). The island (React + Swiper, about
// 95 KB) hydrates only when the visitor turns to the carousel, so that nothing but HTML, CSS and this script is part
// of the page load; but the spec's autoplay (every 4 s, 1 s slides, looping with more than one banner) must not wait
// for a touch. This script moves the server-rendered slides the way Swiper would, and drives the dots and the
// Pause/Play control until the island takes over (banner-handover.ts).
//
// What it may change is limited on purpose: React hydrates over this markup and does not repair differences, so the
// script only touches attributes and inline styles React later sets itself from its own state (`inert`,
// `aria-current`, `aria-label`, `data-playing`, an image's `src`), or ones it removes at the hand-over (the
// wrapper's transform, a slide's `order`). It never adds or removes a node or changes text.
//
// It imports no value: a module shared with the island would become a separate chunk, and this script a request of
// its own at load instead of a few hundred bytes inlined in the page. Timings come from the island's data-*
// attributes (the same BANNER_CAROUSEL rules), the event name is checked against banner-handover.ts by its type.
import type { BANNER_HANDOVER_EVENT, BannerHandover } from './banner-handover';

const HANDOVER_EVENT: typeof BANNER_HANDOVER_EVENT = 'banner-carousel:handover';

export function startStaticBanner(root: HTMLElement): void {
  const wrapper = root.querySelector<HTMLElement>('.swiper-wrapper');
  if (!wrapper || root.querySelector('.swiper-initialized')) return;
  const slides = [...wrapper.children] as HTMLElement[];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('.banner-carousel__dot')];
  const toggle = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  const count = slides.length;
  const autoplayMs = Number(root.dataset.autoplayMs);
  const speedMs = Number(root.dataset.speedMs);
  const moving = root.dataset.loop === 'true' && autoplayMs > 0;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const listeners = new AbortController();
  const on = { signal: listeners.signal };

  let index = 0;
  // Under reduced motion nothing moves until the visitor presses Play (as in the island).
  let paused = reduced;
  let held = false;
  let timer: number | undefined;
  // Each schedule() is one turn: a move waiting for its picture is dropped when a newer turn (a dot, Pause, the
  // hand-over) has started since.
  let turn = 0;
  let wrapReset: (() => void) | undefined;

  const setTransform = (position: number, animate: boolean) => {
    wrapper.style.transitionDuration = animate && !reduced ? `${speedMs}ms` : '0ms';
    wrapper.style.transform = `translate3d(${-position * 100}%, 0, 0)`;
  };

  const setVideos = (play: boolean) => {
    for (const video of root.querySelectorAll('video')) {
      // Chromium starts a muted autoplay video by itself when it comes into view, even after pause().
      video.autoplay = play;
      if (play) void video.play().catch(() => undefined);
      else video.pause();
    }
  };

  const showControls = () => {
    root.dataset.playing = String(!paused);
    toggle?.setAttribute('aria-label', paused ? 'Play the highlights' : 'Pause the highlights');
  };

  /** The slide's picture, fetched only when it is about to be shown (not with the page). */
  const ensurePicture = async (slide: HTMLElement) => {
    const img = slide.querySelector<HTMLImageElement>('img[data-src]');
    if (!img || img.getAttribute('src')) return;
    if (img.dataset.srcset) img.srcset = img.dataset.srcset;
    img.src = img.dataset.src ?? '';
    await img.decode().catch(() => undefined);
  };

  const show = (next: number, animate: boolean, forward = false) => {
    wrapReset?.();
    const from = index;
    index = (next + count) % count;
    slides.forEach((slide, i) => (slide.inert = i !== index));
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    if (animate && forward && from === count - 1 && index === 0) {
      // Forwards past the last slide, as Swiper's loop does: the first slide is moved after the last for the slide
      // in, then put back without a visible jump.
      slides[0]!.style.order = '1';
      setTransform(count - 2, false);
      void wrapper.offsetWidth;
      setTransform(count - 1, true);
      wrapReset = () => {
        wrapReset = undefined;
        slides[0]!.style.removeProperty('order');
        setTransform(0, false);
      };
      wrapper.addEventListener('transitionend', () => wrapReset?.(), { once: true, signal: listeners.signal });
    } else {
      setTransform(index, animate);
    }
  };

  const stop = () => {
    turn += 1;
    window.clearTimeout(timer);
  };

  const schedule = () => {
    stop();
    if (!moving || paused || held) return;
    const mine = turn;
    timer = window.setTimeout(() => {
      const next = slides[(index + 1) % count];
      void (next ? ensurePicture(next) : Promise.resolve()).then(() => {
        if (mine !== turn) return;
        show(index + 1, true, true);
        schedule();
      });
    }, autoplayMs);
  };

  dots.forEach((dot, i) =>
    dot.addEventListener(
      'click',
      () => {
        const slide = slides[i];
        if (slide) void ensurePicture(slide);
        show(i, true);
        schedule();
      },
      on,
    ),
  );
  toggle?.addEventListener(
    'click',
    () => {
      paused = !paused;
      showControls();
      setVideos(!paused);
      schedule();
    },
    on,
  );
  // Keyboard focus inside holds the slides still, so the focused slide does not slide away (WCAG 2.2.2).
  root.addEventListener(
    'focusin',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.matches(':focus-visible')) return;
      held = true;
      stop();
    },
    on,
  );
  root.addEventListener(
    'focusout',
    (event) => {
      if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
      held = false;
      schedule();
    },
    on,
  );

  root.addEventListener(
    HANDOVER_EVENT,
    (event) => {
      const detail = (event as CustomEvent<BannerHandover>).detail;
      stop();
      listeners.abort();
      wrapReset?.();
      wrapper.style.removeProperty('transform');
      wrapper.style.removeProperty('transition-duration');
      detail.answered = true;
      detail.index = index;
      detail.paused = paused;
    },
    { once: true },
  );

  if (reduced) {
    showControls();
    setVideos(false);
  }
  schedule();
}
