import { DecimalType, Entity, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { Field, Float, ObjectType } from 'type-graphql';
import { BaseEntity } from '../common/base.entity.js';
import { PaymentMethodEnum, PaymentStatusEnum } from '../common/enums.js';
import type { FinanceMethod, FinancePaymentStatus } from '../../shared/finance.rules.js';
import { User } from '../users/user.entity.js';
import { Booking } from '../bookings/booking.entity.js';
import { ServiceBooking } from '../service-bookings/service-booking.entity.js';
import type { StoredInvoice } from '../invoices/invoice.types.js';

/** duplicate and refund_due: the gateway took the money but we cannot honour it; an admin refunds it. */
export type PaymentRowStatus = FinancePaymentStatus;

/** One payment attempt. Never the card number or CVV: brand and last 4 digits only. */
@ObjectType()
@Entity({ tableName: 'payments' })
export class Payment extends BaseEntity<
  | 'booking'
  | 'serviceBooking'
  | 'currency'
  | 'invoiceId'
  | 'paymentId'
  | 'transactionId'
  | 'cardBrand'
  | 'cardLast4'
  | 'error'
  | 'invoiceNumber'
  | 'paidAt'
  | 'invoiceSnapshot'
> {
  /** What is paid: a resource booking or a service booking, exactly one of the two (a database check). */
  @ManyToOne(() => Booking, { fieldName: 'booking_id', nullable: true })
  booking: Rel<Booking> | null = null;

  @ManyToOne(() => ServiceBooking, { fieldName: 'service_booking_id', nullable: true })
  serviceBooking: Rel<ServiceBooking> | null = null;

  @ManyToOne(() => User, { fieldName: 'user_id' })
  user!: Rel<User>;

  @Field(() => PaymentMethodEnum)
  @Property({ type: 'text' })
  method!: FinanceMethod;

  @Field(() => String, { description: 'myfatoorah or sandbox (the built-in test gateway)' })
  @Property({ type: 'text' })
  gateway!: 'myfatoorah' | 'sandbox';

  @Field(() => PaymentStatusEnum)
  @Property({ type: 'text' })
  status!: PaymentRowStatus;

  @Field(() => Float)
  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)' })
  subtotal!: number;

  @Field(() => Float)
  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)' })
  vat!: number;

  @Field(() => Float, { description: 'What is charged: subtotal + VAT, SAR' })
  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)' })
  amount!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  currency: string = 'SAR';

  @Property({ type: 'text', fieldName: 'invoice_id', nullable: true })
  invoiceId: string | null = null;

  @Property({ type: 'text', fieldName: 'payment_id', nullable: true })
  paymentId: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', fieldName: 'transaction_id', nullable: true })
  transactionId: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', fieldName: 'card_brand', nullable: true })
  cardBrand: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', fieldName: 'card_last4', nullable: true })
  cardLast4: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Field(() => String, { nullable: true, description: 'Tax invoice number, once paid' })
  @Property({ type: 'string', columnType: 'bigint', fieldName: 'invoice_number', nullable: true })
  invoiceNumber: string | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', fieldName: 'paid_at', nullable: true })
  paidAt: Date | null = null;

  /**
   * The tax invoice exactly as issued, written with the invoice number, in its stored names (`fromStoredInvoice`
   * reads it); the invoice is read from here only.
   */
  @Property({ type: 'json', fieldName: 'invoice_snapshot', nullable: true, lazy: true })
  invoiceSnapshot: StoredInvoice | null = null;
}
