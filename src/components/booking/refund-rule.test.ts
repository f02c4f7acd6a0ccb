import { describe, expect, it } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY as DEFAULT_REFUND_POLICY } from '../../shared/schemas/availability';
import { refundRuleText } from './refund-rule';

describe('the cancellation policy in words', () => {
  it('says the default: a full refund up to 24 hours before, nothing after', () => {
    expect(refundRuleText(DEFAULT_REFUND_POLICY, true)).toBe(
      'You can cancel or move your session up to 24 hours before it starts for a full refund. After that, the payment is not refunded.',
    );
  });

  it('names the practitioner’s own hours and share', () => {
    expect(refundRuleText({ fullRefundHours: 48, lateRefundPercent: 50 }, true)).toBe(
      'You can cancel or move your session up to 2 days before it starts for a full refund. After that, 50% of the price is refunded.',
    );
    expect(refundRuleText({ fullRefundHours: 6, lateRefundPercent: 100 }, true)).toContain('6 hours');
  });

  it('speaks of no refund for a free session', () => {
    expect(refundRuleText(DEFAULT_REFUND_POLICY, false)).toBe(
      'You can cancel or move your session up to 24 hours before it starts.',
    );
  });
});
