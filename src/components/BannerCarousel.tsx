// The home banner carousel (docs/product-rules.md: "Screens", "Limits"): autoplay every 4 s with a 1 s transition; loop and autoplay
// only with more than one banner. A slide opens a link to another site in a new tab, a link to this site in the same
// tab, or goes to /service. Video banners play muted, looping and inline. A visible pause/play control stops both the
// slides and any video; under prefers-reduced-motion nothing moves until the visitor presses play (WCAG 2.2.2).
// Keyboard (docs/public-site.md): only the slide in view is focusable (the others are inert), so Tab goes from it to
// the dots and the pause control, and the dots always name the slide that has focus; while keyboard focus is inside
// the carousel it does not move.
import { useId, useRef, useState } from 'react';
import type SwiperClass from 'swiper';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import '../styles/pill-control.css';
import '../styles/carousel.css';
import { takeOverStaticBanner } from './banner-handover';
import { carouselRegion, slideControl, slideGroup } from './carousel-aria';
import { bannerCarouselRules, prefersReducedMotion } from './carousel-rules';
import { PauseIcon, PlayIcon } from './CarouselIcons';
import { useFocusHold, useHydrated } from './island-hooks';
import { responsiveImage } from './image-url';
import type { BannerSlideData } from './island-data';

const SIZES = '100vw';

function BannerMedia({ banner, first, hydrated }: { banner: BannerSlideData; first: boolean; hydrated: boolean }) {
  if (banner.mediaType === 'video') {
    // No autoplay and nothing fetched at load: banner-video.ts plays a video only while its slide is in view, and
    // not at all under reduced motion or Save-Data (bandwidth is billed; docs/costs.md).
    return (
      <video
        className="banner__media"
        src={banner.mediaUrl}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
      />
    );
  }
  const image = responsiveImage(banner.mediaUrl, 1920);
  if (!image) return null;
  // The first banner is the page's largest paint: fetched eagerly at high priority, found in the HTML. The others
  // are out of view until they slide in, so their pictures are not part of the page load (a lazy image in a clipped
  // carousel is still fetched at load): the server-rendered HTML names them in data-src/data-srcset only, for the
  // static autoplay (banner-autoplay.ts) to load just before a slide comes in; once the island runs, React sets them.
  const withSource = first || hydrated;
  return (
    <img
      className="banner__media"
      src={withSource ? image.src : undefined}
      srcSet={withSource ? image.srcset || undefined : undefined}
      sizes={image.srcset ? SIZES : undefined}
      data-src={first ? undefined : image.src}
      data-srcset={first ? undefined : image.srcset || undefined}
      // Decoration unless the practitioner described the picture: the slide's title and text carry its meaning.
      alt={banner.mediaAlt}
      width={1920}
      height={900}
      loading={first ? 'eager' : 'lazy'}
      decoding={first ? 'sync' : 'async'}
      fetchPriority={first ? 'high' : 'auto'}
    />
  );
}

export default function BannerCarousel({ banners }: { banners: BannerSlideData[] }) {
  const rules = bannerCarouselRules(banners.length);
  const hydrated = useHydrated();
  const swiperRef = useRef<SwiperClass | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const [playing, setPlaying] = useState(rules.autoplay);
  const [active, setActive] = useState(0);
  const listId = useId();
  // The static autoplay (banner-autoplay.ts) ran until now: stop it and learn where it was before Swiper is created
  // (swiper/react reads its parameters in the first render), so Swiper starts on the slide in view and its autoplay
  // gives that slide a full interval. useId is the same in the server HTML, so the element is found by it. Nothing
  // rendered depends on this (the slide in view is set after mount), so hydration sees the server's markup.
  const [handover] = useState(() => {
    if (typeof document === 'undefined') return undefined;
    const root = document.getElementById(listId)?.closest<HTMLElement>('.banner-carousel');
    return root ? takeOverStaticBanner(root) : undefined;
  });
  const hold = useFocusHold(swiperRef, playing, rules.autoplay);

  const setVideosPlaying = (play: boolean) => {
    // Swiper's own element: onSwiper runs in Swiper's layout effect, before this component's ref is attached.
    const root = swiperRef.current?.el ?? rootRef.current;
    for (const video of root?.querySelectorAll('video') ?? []) {
      // The autoplay flag goes too: Chromium starts a muted autoplay video by itself whenever it scrolls or slides
      // into view, even after pause().
      video.autoplay = play;
      if (play) void video.play().catch(() => undefined);
      else video.pause();
    }
  };

  if (banners.length === 0) return null;

  const hasVideo = banners.some((b) => b.mediaType === 'video');
  const controllable = rules.autoplay || hasVideo;

  const togglePlay = () => {
    const next = !playing;
    const swiper = swiperRef.current;
    if (swiper && rules.autoplay) {
      hold.release();
      if (next) swiper.autoplay.start();
      else swiper.autoplay.stop();
    }
    setVideosPlaying(next);
    setPlaying(next);
  };

  return (
    <div
      ref={rootRef}
      className="carousel banner-carousel"
      {...carouselRegion('Highlights', rules.loop, banners.length, hold)}
      // Read by the static autoplay that runs before hydration (banner-autoplay.ts).
      data-autoplay-ms={rules.autoplayMs}
      data-speed-ms={rules.speedMs}
      // The Pause/Play control shows the word and icon for this state (CSS), so the static autoplay can switch it
      // before hydration by changing attributes only.
      data-playing={String(playing)}
    >
      <Swiper
        modules={[Autoplay]}
        id={listId}
        loop={rules.loop}
        initialSlide={handover?.answered ? handover.index : 0}
        speed={rules.speedMs}
        slidesPerView={1}
        autoplay={
          rules.autoplay ? { delay: rules.autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: false } : false
        }
        onSwiper={(swiper) => {
          swiperRef.current = swiper;
          setActive(swiper.realIndex);
          // Paused if the visitor paused the static slides or (under reduced motion) did not press Play. Without
          // the static script, less motion asked for means nothing moves (slides or video) until they press Play.
          const reduced = prefersReducedMotion();
          if (reduced) swiper.params.speed = 0;
          if (handover?.answered ? handover.paused : reduced) {
            swiper.autoplay?.stop();
            setVideosPlaying(false);
            setPlaying(false);
          }
        }}
        onSlideChange={(swiper) => setActive(swiper.realIndex)}
      >
        {banners.map((banner, index) => {
          const target = banner;
          return (
            <SwiperSlide
              key={banner.id}
              {...slideGroup(index, banners.length)}
              data-banner-id={banner.id}
              // Out of view, out of the tab order and the accessibility tree (also in the server-rendered HTML,
              // where slide 1 is the one in view).
              inert={index !== active}
            >
              <a
                className="banner"
                href={target.href}
                {...(target.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                data-banner-link
              >
                <BannerMedia banner={banner} first={index === 0} hydrated={hydrated} />
                <span className="banner__scrim" aria-hidden="true" />
                <div className="banner__content container">
                  <div className="banner__text">
                    <h2 className="banner__title">{banner.title}</h2>
                    {banner.description && <p className="banner__description">{banner.description}</p>}
                    <span className="banner__cta" aria-hidden="true">
                      {target.href === '/service' && !target.newTab ? 'Explore services' : 'Learn more'}
                      <svg
                        viewBox="0 0 24 24"
                        width="18"
                        height="18"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.8"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      >
                        <path d="M5 12h14M13 6l6 6-6 6" />
                      </svg>
                    </span>
                    {target.newTab && <span className="visually-hidden"> (opens in a new tab)</span>}
                  </div>
                </div>
              </a>
            </SwiperSlide>
          );
        })}
      </Swiper>

      {(banners.length > 1 || controllable) && (
        <div className="banner-carousel__controls container">
          {banners.length > 1 && (
            <div className="banner-carousel__dots">
              {banners.map((banner, index) => (
                <button
                  key={banner.id}
                  className="banner-carousel__dot"
                  {...slideControl(listId, `Show slide ${index + 1} of ${banners.length}: ${banner.title}`)}
                  aria-current={active === index ? 'true' : undefined}
                  onClick={() => swiperRef.current?.slideToLoop(index)}
                />
              ))}
            </div>
          )}
          {controllable && (
            <button
              className="pill-control carousel__button carousel__button--on-night carousel__toggle"
              {...slideControl(listId, playing ? 'Pause the highlights' : 'Play the highlights')}
              onClick={togglePlay}
              data-carousel-toggle
            >
              {/* Both states are rendered and CSS shows the current one (data-playing on the root). */}
              <span className="carousel__toggle-state carousel__toggle-state--playing" aria-hidden="true">
                <PauseIcon />
                Pause
              </span>
              <span className="carousel__toggle-state carousel__toggle-state--paused" aria-hidden="true">
                <PlayIcon />
                Play
              </span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}
