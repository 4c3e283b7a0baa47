/** What a payment pays, and how a request names it: a resource booking or a service booking. */
import { badInput } from '../common/errors.js';
import { PAYMENT_MESSAGES as PM } from '../../shared/payments.rules.js';
import type { Payment } from './payment.entity.js';

/** What a payment pays: a resource booking or a service booking (a payment row has exactly one of the two). */
export interface Payable {
  kind: 'booking' | 'service';
  id: string;
}

/** What a request names, before its id is checked (when it is loaded). */
export type PayableRequest = { kind: Payable['kind']; id: unknown };

export const payableOf = (p: Payment): Payable =>
  p.serviceBooking ? { kind: 'service', id: p.serviceBooking.id } : { kind: 'booking', id: p.booking!.id };
/** The payments column and the query parameter naming what is paid. */
export const payableColumn = (t: Payable) => (t.kind === 'service' ? 'service_booking_id' : 'booking_id');
/** The ORM filter of one payable's payments. */
export const paymentsOf = (t: Payable) => (t.kind === 'service' ? { serviceBooking: t.id } : { booking: t.id });

/** How a request names what it pays (REST: `booking_id` / `service_booking_id`). */
export type PayableNames = { bookingId?: unknown; serviceBookingId?: unknown } | null | undefined;

/**
 * Which one a request pays: `serviceBookingId` when given, else `bookingId` (the id is checked when it is loaded).
 * Both at once is refused.
 */
export function payableFrom(raw: PayableNames): PayableRequest {
  const given = (v: unknown) => v !== undefined && v !== null && v !== '';
  if (given(raw?.serviceBookingId)) {
    if (given(raw?.bookingId)) throw badInput(PM.oneTarget);
    return { kind: 'service', id: raw!.serviceBookingId };
  }
  return { kind: 'booking', id: raw?.bookingId };
}
