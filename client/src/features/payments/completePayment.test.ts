import { describe, expect, it } from 'vitest';
import { canCompletePayment } from './completePayment';

describe("the dashboard's Complete Payment (spec section 4)", () => {
  const verified = { emailVerified: true };
  it('shows for a verified user on a confirmed booking whose payment is pending', () => {
    expect(canCompletePayment(verified, { status: 'confirmed', paymentStatus: 'pending' })).toBe(true);
  });
  it('hides for an unverified user, another booking status or another payment status', () => {
    expect(canCompletePayment({ emailVerified: false }, { status: 'confirmed', paymentStatus: 'pending' })).toBe(false);
    expect(canCompletePayment(null, { status: 'confirmed', paymentStatus: 'pending' })).toBe(false);
    for (const status of ['pending', 'active', 'completed', 'cancelled']) expect(canCompletePayment(verified, { status, paymentStatus: 'pending' }), status).toBe(false);
    for (const paymentStatus of ['paid', 'failed', 'refunded']) expect(canCompletePayment(verified, { status: 'confirmed', paymentStatus }), paymentStatus).toBe(false);
  });
});
