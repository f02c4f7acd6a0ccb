// Hooks the public islands share (docs/public-site.md: the carousels and the contact form are server-rendered first,
// then hydrated). Kept free of Swiper's runtime so the contact form's bundle does not grow.
import { useRef, useSyncExternalStore, type FocusEvent, type RefObject } from 'react';
import type SwiperClass from 'swiper';

const noop = () => () => undefined;

/** False in the server-rendered HTML, true once the island runs. */
export const useHydrated = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

/**
 * While keyboard focus is inside a carousel, its autoplay holds still so the focused slide does not slide away
 * (WCAG 2.2.2, docs/public-site.md, "Keyboard and focus in the carousels"); it resumes when focus leaves, unless the visitor paused it.
 * A Pause/Play press calls `release`: autoplay is then the visitor's choice, not held for focus.
 */
export function useFocusHold(swiperRef: RefObject<SwiperClass | null>, playing: boolean, autoplay: boolean) {
  const held = useRef(false);
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if (!event.target.matches(':focus-visible')) return;
    const swiper = swiperRef.current;
    if (swiper && autoplay && swiper.autoplay.running) {
      swiper.autoplay.stop();
      held.current = true;
    }
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    const swiper = swiperRef.current;
    if (held.current && swiper) {
      held.current = false;
      if (playing) swiper.autoplay.start();
    }
  };
  const release = () => {
    held.current = false;
  };
  return { onFocus, onBlur, release };
}
