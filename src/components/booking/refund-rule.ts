// The cancellation policy in words (docs/bookings.md, "Cancelling"), shown on the booking form before anyone pays
// and on the manage page. The policy is the practitioner's (Availability in the portal): a full refund up to some
// hours before the start, a share of the price after that.

import type { CancellationPolicy } from '../../shared/schemas/availability';

const hours = (n: number) => (n === 1 ? '1 hour' : n % 24 === 0 && n > 0 ? days(n / 24) : `${n} hours`);
const days = (n: number) => (n === 1 ? '24 hours' : `${n} days`);

/** 'You can cancel or move your session up to 24 hours before it starts for a full refund. After that, …' */
export function refundRuleText(policy: CancellationPolicy, paid: boolean): string {
  const window = hours(policy.fullRefundHours);
  if (!paid) return `You can cancel or move your session up to ${window} before it starts.`;
  const later =
    policy.lateRefundPercent === 0
      ? 'After that, the payment is not refunded.'
      : policy.lateRefundPercent === 100
        ? 'After that, you still get a full refund.'
        : `After that, ${policy.lateRefundPercent}% of the price is refunded.`;
  return `You can cancel or move your session up to ${window} before it starts for a full refund. ${later}`;
}
