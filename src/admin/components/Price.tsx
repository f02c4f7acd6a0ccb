import { formatINR } from '../../shared/format';
import './Price.css';

/** Rupees with Indian grouping; an offer shows in green with the regular price struck through. */
export function Price({ price, offerPrice }: { price: number; offerPrice?: number | undefined }) {
  if (offerPrice === undefined || offerPrice === null) return <span className="price">{formatINR(price)}</span>;
  return (
    <span className="price">
      <span className="price-offer">{formatINR(offerPrice)}</span>{' '}
      <s className="price-regular">
        <span className="visually-hidden">regular price </span>
        {formatINR(price)}
      </s>
    </span>
  );
}
