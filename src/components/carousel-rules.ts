// Carousel behaviour from product rules (docs/product-rules.md, "Limits"), as pure functions: the islands use them, and they are unit-tested.
import { BANNER_CAROUSEL, SERVICES_CAROUSEL } from '../shared/constants';

export interface BannerCarouselRules {
  /** Loop and autoplay only with more than one banner. */
  loop: boolean;
  autoplay: boolean;
  autoplayMs: number;
  speedMs: number;
}

export function bannerCarouselRules(count: number): BannerCarouselRules {
  const moving = count > 1;
  return { loop: moving, autoplay: moving, autoplayMs: BANNER_CAROUSEL.autoplayMs, speedMs: BANNER_CAROUSEL.speedMs };
}

export interface ServicesCarouselRules {
  /** Loop and arrows only with more than 4 services. */
  loop: boolean;
  arrows: boolean;
  autoplayMs: number;
  /** Minimum viewport width → slides per view, each capped at the number of services. */
  breakpoints: Record<number, { slidesPerView: number }>;
  /** Slides per view below the first breakpoint. */
  slidesPerView: number;
}

export function servicesCarouselRules(count: number): ServicesCarouselRules {
  const above = count > SERVICES_CAROUSEL.loopAbove;
  const cap = Math.max(1, count);
  const breakpoints: Record<number, { slidesPerView: number }> = {};
  for (const [width, perView] of Object.entries(SERVICES_CAROUSEL.breakpoints)) {
    breakpoints[Number(width)] = { slidesPerView: Math.min(perView, cap) };
  }
  return {
    loop: above,
    arrows: above,
    autoplayMs: SERVICES_CAROUSEL.autoplayMs,
    breakpoints,
    slidesPerView: breakpoints[0]?.slidesPerView ?? 1,
  };
}

/** Slides per view at a given viewport width (the same answer Swiper's breakpoints give). */
export function slidesPerViewAt(rules: ServicesCarouselRules, viewportWidth: number): number {
  let perView = rules.slidesPerView;
  for (const [width, value] of Object.entries(rules.breakpoints)) {
    if (viewportWidth >= Number(width)) perView = value.slidesPerView;
  }
  return perView;
}

/** True when the visitor asked the system for less motion (WCAG 2.2.2 and 2.3.3). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
