// The hand-over between the home banner's static autoplay (banner-autoplay.ts, a few hundred bytes inlined in the
// page) and its React island (BannerCarousel.tsx), which arrives only when the visitor turns to it
// (docs/public-site.md, "Hydration"). The island dispatches this event on its root once Swiper has started; the
// static script, listening on the same element, stops, removes its inline styles and writes where it was into
// `detail`, so the island goes on from the slide the visitor is looking at, paused if they paused it.

export const BANNER_HANDOVER_EVENT = 'banner-carousel:handover' as const;

export interface BannerHandover {
  /** True once the static script has answered (it runs on every page load where script runs at all). */
  answered: boolean;
  /** The slide in view (0-based, in the banners' order). */
  index: number;
  /** The visitor paused it, or asked for less motion and did not press Play. */
  paused: boolean;
}

/** Asks the static autoplay to stop and tell where it was; synchronous, like every DOM event dispatch. */
export function takeOverStaticBanner(root: HTMLElement): BannerHandover {
  const detail: BannerHandover = { answered: false, index: 0, paused: false };
  root.dispatchEvent(new CustomEvent(BANNER_HANDOVER_EVENT, { detail }));
  return detail;
}
