// The booking island's props for a service page, decided at build time (docs/bookings.md, "The visitor's flow").
// Only a service booked on this site gets the island; a link service keeps today's "Book Session" link.
import type { Service } from '../../shared/schemas/service';
import type { BookingFlowProps } from './BookingFlow';
import type { CancellationPolicy } from '../../shared/schemas/availability';
import { refundRuleText } from './refund-rule';

interface PageFacts {
  siteName: string;
  practitionerZone: string;
  checkoutUrl: string | null;
  /** The price as the page shows it ('₹2,500', the offer price when there is one). */
  priceLabel: string;
  policy: CancellationPolicy;
}

export function bookingFlowProps(
  service: Pick<Service, '_id' | 'name' | 'price' | 'offerPrice' | 'bookingMode' | 'intakeQuestions'>,
  facts: PageFacts,
): BookingFlowProps | undefined {
  if (service.bookingMode !== 'site') return undefined;
  const amount =
    typeof service.offerPrice === 'number' && service.offerPrice < service.price ? service.offerPrice : service.price;
  const paid = amount > 0;
  return {
    serviceId: service._id,
    serviceName: service.name,
    siteName: facts.siteName,
    practitionerZone: facts.practitionerZone,
    intakeQuestions: (service.intakeQuestions ?? []).map(({ id, question, required }) => ({ id, question, required })),
    checkoutUrl: paid ? facts.checkoutUrl : null,
    refundRule: refundRuleText(facts.policy, paid),
    priceLabel: paid ? facts.priceLabel : 'Free',
    paid,
  };
}
