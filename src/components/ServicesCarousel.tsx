// 'My Services' on the home page (docs/product-rules.md: "Screens", "Limits"): autoplay every 3 s, paused while the pointer is over it;
// loop and arrows only with more than 4 services; 1/2/3/4 slides per view from 0/768/1024/1200 px, capped at the
// number of services. A visible pause/play control, and no autoplay under prefers-reduced-motion (WCAG 2.2.2).
// Keyboard (docs/public-site.md): only the cards fully in view are focusable (the rest are inert, and hidden before
// Swiper starts), so Tab goes through the visible cards and on to the controls; focus never moves the slides, and
// the carousel holds still while keyboard focus is inside.
import { useId, useRef, useState, type CSSProperties } from 'react';
import type SwiperClass from 'swiper';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import '../styles/pill-control.css';
import '../styles/carousel.css';
import '../styles/service-card.css';
import { SERVICES_CAROUSEL } from '../shared/constants';
import { carouselRegion, slideControl, slideGroup } from './carousel-aria';
import { prefersReducedMotion, servicesCarouselRules } from './carousel-rules';
import type { ServiceCardData } from './island-data';
import { ServiceCard } from './ServiceCard';
import { PauseIcon, PlayIcon, ChevronIcon } from './CarouselIcons';
import { useFocusHold, useHydrated } from './island-hooks';

const GAP_PX = 24;
/** The most cards in view before Swiper starts (the widest breakpoint's count). */
const FIRST_ROW_MAX = Math.max(...Object.values(SERVICES_CAROUSEL.breakpoints));

/** The two arrow buttons; the data-* hook names each for the tests. */
const ARROWS = [
  {
    direction: 'left',
    label: 'Previous services',
    hook: 'data-carousel-prev',
    move: (s: SwiperClass) => s.slidePrev(),
  },
  { direction: 'right', label: 'Next services', hook: 'data-carousel-next', move: (s: SwiperClass) => s.slideNext() },
] as const;

/** Cards out of view leave the tab order and the accessibility tree; Swiper marks the ones fully in view. */
function inertHidden(swiper: SwiperClass) {
  for (const slide of swiper.slides) {
    slide.inert = !swiper.isLocked && !slide.classList.contains('swiper-slide-fully-visible');
  }
}

export default function ServicesCarousel({ services }: { services: ServiceCardData[] }) {
  const rules = servicesCarouselRules(services.length);
  const hydrated = useHydrated();
  const swiperRef = useRef<SwiperClass | null>(null);
  const [playing, setPlaying] = useState(services.length > 1);
  // Swiper "locks" when every slide fits in view; a pause control would then control nothing.
  const [locked, setLocked] = useState(false);
  const listId = useId();
  const hold = useFocusHold(swiperRef, playing, true);

  if (services.length === 0) return null;

  const togglePlay = () => {
    const swiper = swiperRef.current;
    if (!swiper) return;
    hold.release();
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setPlaying(!playing);
  };

  // The per-breakpoint slide counts also drive the CSS that lays the slides out before Swiper starts, so the
  // server-rendered cards already sit where Swiper will put them (no layout shift on hydration).
  const perView = Object.fromEntries(
    Object.entries(rules.breakpoints).map(([width, value]) => [`--per-view-${width}`, String(value.slidesPerView)]),
  );

  return (
    <div
      className="carousel services-carousel"
      {...carouselRegion('Featured services', rules.loop, services.length, hold)}
      style={{ ...perView, '--slide-gap': `${GAP_PX}px` } as CSSProperties}
    >
      <Swiper
        modules={[Autoplay]}
        id={listId}
        loop={rules.loop}
        speed={600}
        spaceBetween={GAP_PX}
        slidesPerView={rules.slidesPerView}
        breakpoints={rules.breakpoints}
        watchOverflow
        watchSlidesProgress
        autoplay={
          services.length > 1
            ? { delay: rules.autoplayMs, pauseOnMouseEnter: true, disableOnInteraction: false }
            : false
        }
        onSwiper={(swiper) => {
          swiperRef.current = swiper;
          setLocked(swiper.isLocked);
          inertHidden(swiper);
          // Less motion asked for: no autoplay and no sliding animation, until the visitor presses play.
          if (prefersReducedMotion()) {
            swiper.params.speed = 0;
            swiper.autoplay?.stop();
            setPlaying(false);
          }
        }}
        onLock={(swiper) => {
          setLocked(true);
          inertHidden(swiper);
        }}
        onUnlock={(swiper) => {
          setLocked(false);
          inertHidden(swiper);
        }}
        // Swiper sets the fully-visible classes for the target position as a move starts, and again on resize.
        onProgress={inertHidden}
        onResize={inertHidden}
        onSlideChangeTransitionEnd={inertHidden}
      >
        {services.map((service, index) => (
          <SwiperSlide key={service.id} {...slideGroup(index, services.length)} data-service-id={service.id}>
            <ServiceCard service={service} deferImage={!hydrated && index >= FIRST_ROW_MAX} />
          </SwiperSlide>
        ))}
      </Swiper>

      {services.length > 1 && (
        <div className="carousel__controls">
          <button
            className="pill-control carousel__button carousel__toggle"
            {...slideControl(listId, playing ? 'Pause the services carousel' : 'Play the services carousel')}
            onClick={togglePlay}
            // Hidden, not removed, so the row keeps its height and nothing below moves.
            style={locked ? { visibility: 'hidden' } : undefined}
            data-carousel-toggle
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
            <span aria-hidden="true">{playing ? 'Pause' : 'Play'}</span>
          </button>
          {rules.arrows && (
            <div className="carousel__arrows">
              {ARROWS.map(({ direction, label, hook, move }) => (
                <button
                  key={direction}
                  className="pill-control carousel__button carousel__arrow"
                  {...slideControl(listId, label)}
                  onClick={() => {
                    if (swiperRef.current) move(swiperRef.current);
                  }}
                  {...{ [hook]: true }}
                >
                  <ChevronIcon direction={direction} />
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
