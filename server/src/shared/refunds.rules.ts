import { z } from 'zod';
import type { FINANCE_REFUND_STATUSES } from './finance.rules.js';

/**
 * Cancellation policies (issue #24). A listing's host picks one; the booking keeps the one it was made under.
 * none: the spec's "no refunds" (the default). flexible: full refund until 24 h before the start. moderate: full
 * until 5 days before, half after. strict: half until 7 days before, nothing after.
 */
export const CANCELLATION_POLICIES = ['none', 'flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

/** A booking's refund: none, requested (sent to the gateway), refunded or failed. */
export type RefundStatus = (typeof FINANCE_REFUND_STATUSES)[number];

/** Who cancels: the booking's customer, the listing's host, or an admin (a host or admin always refunds in full). */
export type CancelledBy = 'customer' | 'host' | 'admin';

const REFUND_MESSAGES = {
  invalidPolicy: 'Cancellation policy must be none, flexible, moderate or strict',
} as const;

export const cancellationPolicySchema = z.enum(CANCELLATION_POLICIES, { error: REFUND_MESSAGES.invalidPolicy });

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The refund, in halalas, for cancelling a booking paid `paidHalalas` that starts at `startsAt`, cancelled at
 * `cancelledAt` by `by`. Times are instants: "5 days before" is 120 hours before the booking's start (Riyadh has no
 * daylight saving, so that is the same wall-clock time in Riyadh five days earlier). A boundary instant still
 * refunds (until = up to and including). Half of an odd amount rounds down to the halala. Only the customer's own
 * cancellation follows the policy: a host or an admin cancelling gives everything back, a digital purchase too (the
 * buyer loses the file); a customer cancelling a digital purchase gets nothing back. Never negative, never above
 * what was paid.
 */
export function refundFor(
  policy: CancellationPolicy,
  paidHalalas: number,
  startsAt: Date,
  cancelledAt: Date,
  by: CancelledBy,
  kind: 'physical' | 'digital' = 'physical',
): number {
  const paid = Math.max(0, Math.floor(paidHalalas));
  if (by === 'host' || by === 'admin') return paid;
  if (kind === 'digital') return 0;
  const before = startsAt.getTime() - cancelledAt.getTime();
  const half = Math.floor(paid / 2);
  switch (policy) {
    case 'flexible':
      return before >= DAY_MS ? paid : 0;
    case 'moderate':
      return before >= 5 * DAY_MS ? paid : half;
    case 'strict':
      return before >= 7 * DAY_MS ? half : 0;
    default:
      return 0;
  }
}

/** The last instant the customer gets the policy's best refund (null: no such window). */
export function bestRefundUntil(policy: CancellationPolicy, startsAt: Date): Date | null {
  const days = { flexible: 1, moderate: 5, strict: 7, none: null }[policy];
  return days === null ? null : new Date(startsAt.getTime() - days * DAY_MS);
}
