import { Entity, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../common/base.entity.js';
import { Payment } from '../payments/payment.entity.js';
import { Booking } from '../bookings/booking.entity.js';
import { ServiceBooking } from '../service-bookings/service-booking.entity.js';
import { User } from '../users/user.entity.js';
import type { CancellationPolicy } from '../../shared/refunds.rules.js';
import type { StoredCreditNote } from './refund.types.js';

/** Why money is given back: a cancellation (by whom), or a payment we could not honour (refund_due, duplicate). */
export type RefundReason = 'customer_cancelled' | 'host_cancelled' | 'admin_cancelled' | 'refund_due' | 'duplicate';
export type RefundRowStatus = 'requested' | 'refunded' | 'failed';

/**
 * One refund of one payment (a unique index: however often a cancel, webhook or job repeats, a payment is refunded
 * once). Written by raw SQL in RefundService (atomic claims); the entity is for reading.
 */
@Entity({ tableName: 'refunds' })
export class Refund extends BaseEntity<
  | 'booking'
  | 'serviceBooking'
  | 'policy'
  | 'status'
  | 'gatewayRefundId'
  | 'attempts'
  | 'error'
  | 'claimedAt'
  | 'requestedAt'
  | 'refundedAt'
  | 'creditNoteNumber'
  | 'creditNoteSnapshot'
  | 'supplierCode'
  | 'supplierAmountHalalas'
  | 'hostAmountHalalas'
> {
  @ManyToOne(() => Payment, { fieldName: 'payment_id' })
  payment!: Rel<Payment>;

  @ManyToOne(() => Booking, { fieldName: 'booking_id', nullable: true })
  booking: Rel<Booking> | null = null;

  @ManyToOne(() => ServiceBooking, { fieldName: 'service_booking_id', nullable: true })
  serviceBooking: Rel<ServiceBooking> | null = null;

  @ManyToOne(() => User, { fieldName: 'user_id' })
  user!: Rel<User>;

  /** What is given back, VAT included. */
  @Property({ type: 'bigint', fieldName: 'amount_halalas' })
  amountHalalas!: number;

  @Property({ type: 'text' })
  reason!: RefundReason;

  @Property({ type: 'text', nullable: true })
  policy: CancellationPolicy | null = null;

  /**
   * The host's MyFatoorah supplier the payment was split to (then the refund is a MakeSupplierRefund), and the host's
   * part of the refund taken back from that supplier (the platform gives back amountHalalas minus it). Null: the
   * payment was not split (a held share, a service booking) and MakeRefund gives it all back from the platform.
   */
  @Property({ type: 'integer', fieldName: 'supplier_code', nullable: true })
  supplierCode: number | null = null;

  @Property({ type: 'bigint', fieldName: 'supplier_amount_halalas', nullable: true })
  supplierAmountHalalas: number | null = null;

  /**
   * The host's part of the refund whenever the payment had a settled split (to the supplier or held): what the
   * host's earnings subtract. Null for a payment without a split (service bookings, payments before splits).
   */
  @Property({ type: 'bigint', fieldName: 'host_amount_halalas', nullable: true })
  hostAmountHalalas: number | null = null;

  @Property({ type: 'text' })
  status: RefundRowStatus = 'requested';

  @Property({ type: 'text' })
  gateway!: 'myfatoorah' | 'sandbox';

  /** MyFatoorah's RefundId, once MakeRefund accepted the request. */
  @Property({ type: 'text', fieldName: 'gateway_refund_id', nullable: true })
  gatewayRefundId: string | null = null;

  /** `refund:<payment id>`: unique, and sent in the request's comment so the gateway's record names it. */
  @Property({ type: 'text', fieldName: 'idempotency_key' })
  idempotencyKey!: string;

  @Property({ type: 'integer' })
  attempts: number = 0;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'timestamptz', fieldName: 'claimed_at', nullable: true })
  claimedAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'requested_at', nullable: true })
  requestedAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'refunded_at', nullable: true })
  refundedAt: Date | null = null;

  @Property({ type: 'string', columnType: 'bigint', fieldName: 'credit_note_number', nullable: true })
  creditNoteNumber: string | null = null;

  /** The credit note exactly as issued (frozen like an invoice snapshot). */
  @Property({ type: 'json', fieldName: 'credit_note_snapshot', nullable: true })
  creditNoteSnapshot: StoredCreditNote | null = null;
}
