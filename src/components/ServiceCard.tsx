// One featured service in the home carousel: image, name, short description, price and 'Book Now'.
import { formatINR } from '../shared/format';
import { responsiveImage } from './image-url';
import type { ServiceCardData } from './island-data';

export function LotusPlaceholder() {
  return (
    <svg className="lotus-placeholder" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round">
        <path d="M24 11c4.2 5.4 4.2 13.6 0 21-4.2-7.4-4.2-15.6 0-21z" />
        <path d="M24 32c-5.6-2.3-9.2-7.6-9.4-13.6 5.1 1.5 8.6 6.6 9.4 13.6z" />
        <path d="M24 32c5.6-2.3 9.2-7.6 9.4-13.6-5.1 1.5-8.6 6.6-9.4 13.6z" />
        <path d="M24 32c-7.4.3-12.8-3-15.2-8.4 6-.8 11.6 2.4 15.2 8.4z" />
        <path d="M24 32c7.4.3 12.8-3 15.2-8.4-6-.8-11.6 2.4-15.2 8.4z" />
        <path d="M15 36c5.8 1.9 12.2 1.9 18 0" />
      </g>
    </svg>
  );
}

/**
 * `deferImage`: the card is never in view before its carousel starts (beyond the widest first row), so its picture
 * is left out of the server-rendered HTML and added once the island runs; a lazy image in a clipped carousel is
 * still fetched at load (docs/public-site.md).
 */
export function ServiceCard({ service, deferImage = false }: { service: ServiceCardData; deferImage?: boolean }) {
  // Cards are at most ~340 px wide; 2× covers dense phone screens.
  const image = deferImage ? null : responsiveImage(service.image, 800);
  const hasOffer = service.offerPrice !== null && service.offerPrice < service.price;
  return (
    <article className="svc-card">
      <div className="svc-card__media media-frame">
        {image ? (
          <img
            src={image.src}
            srcSet={image.srcset || undefined}
            sizes={
              image.srcset
                ? '(min-width: 1200px) 280px, (min-width: 1024px) 30vw, (min-width: 768px) 45vw, 90vw'
                : undefined
            }
            alt={service.imageAlt}
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
          />
        ) : deferImage && service.image ? null : (
          <LotusPlaceholder />
        )}
        <span className="badge badge--night svc-card__category">{service.category}</span>
      </div>
      <div className="svc-card__body">
        <h3 className="svc-card__title">{service.name}</h3>
        <p className="svc-card__text">{service.shortDescription}</p>
        <div className="svc-card__footer">
          <p className="price">
            {hasOffer && <span className="visually-hidden">Offer price </span>}
            <span className="price__current">{formatINR(hasOffer ? (service.offerPrice ?? 0) : service.price)}</span>
            {hasOffer && (
              <>
                <span className="visually-hidden">, regular price </span>
                <s className="price__regular">{formatINR(service.price)}</s>
              </>
            )}
          </p>
          <a className="btn" href={service.href}>
            Book Now<span className="visually-hidden">: {service.name}</span>
          </a>
        </div>
      </div>
    </article>
  );
}
