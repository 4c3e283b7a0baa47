import { BigIntType, Entity, Enum, ManyToOne, Property, wrap, type Rel } from '@mikro-orm/core';
import { Field, Float, ID, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../common/base.entity.js';
import { BookingPaymentStatusEnum } from '../common/enums.js';
import { User } from '../users/user.entity.js';
import { Advisor } from './advisor.entity.js';
import type { PaymentStatus } from '../../shared/marketplace.rules.js';
import { toSar, withVat } from '../../shared/money.js';
import { customerCanChange, customerChangeDeadline } from '../../shared/service-booking-schedule.rules.js';
import type { Locale } from '../../shared/locale.js';

export enum ServiceBookingStatus {
  pending = 'pending',
  confirmed = 'confirmed',
  completed = 'completed',
  cancelled = 'cancelled',
}
registerEnumType(ServiceBookingStatus, {
  name: 'ServiceBookingStatus',
  description: 'pending → confirmed (an admin quoted a price and a time) → completed; pending or confirmed → cancelled',
});

/** A customer's booking of a business or legal service (spec section 3 "Service booking"). */
@ObjectType()
@Entity({ tableName: 'service_bookings' })
export class ServiceBooking extends BaseEntity<
  | 'status'
  | 'paymentStatus'
  | 'preferredTime'
  | 'priceHalalas'
  | 'scheduledAt'
  | 'cancelReason'
  | 'paymentMethod'
  | 'locale'
  | 'confirmedAt'
  | 'completedAt'
  | 'cancelledAt'
  | 'price'
  | 'vatAmount'
  | 'totalWithVat'
  | 'userName'
  | 'userEmail'
  | 'icsSequence'
  | 'reminderSentAt'
  | 'inquiryId'
  | 'changeableUntil'
  | 'advisor'
  | 'slotStart'
  | 'slotEnd'
  | 'advisorId'
  | 'advisorName'
> {
  @ManyToOne(() => User, { fieldName: 'user_id' })
  user!: Rel<User>;

  @Field(() => String, {
    description: 'A business service id (/services/{id}) or a legal one (corporate-law, contract-review, compliance)',
  })
  @Property({ type: 'text', fieldName: 'service_id' })
  serviceId!: string;

  @Field(() => String, { description: "The service's English name when it was booked" })
  @Property({ type: 'text', fieldName: 'service_name' })
  serviceName!: string;

  @Field(() => String, { description: "The service's Arabic name when it was booked" })
  @Property({ type: 'text', fieldName: 'service_name_ar' })
  serviceNameAr!: string;

  @Field(() => String, { description: 'YYYY-MM-DD (Riyadh calendar)' })
  @Property({ type: 'date', fieldName: 'preferred_date' })
  preferredDate!: string;

  @Field(() => String, { nullable: true, description: 'HH:MM, 24 h, Riyadh time' })
  @Property({ type: 'text', fieldName: 'preferred_time', nullable: true })
  preferredTime: string | null = null;

  @Field(() => String, { description: 'E.164, e.g. +966501234567' })
  @Property({ type: 'text', fieldName: 'contact_number' })
  contactNumber!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  requirements!: string;

  @Field(() => ServiceBookingStatus)
  @Enum({ items: () => ServiceBookingStatus })
  status: ServiceBookingStatus = ServiceBookingStatus.pending;

  @Field(() => BookingPaymentStatusEnum)
  @Property({ type: 'text', fieldName: 'payment_status' })
  paymentStatus: PaymentStatus = 'pending';

  /** The admin's quote before VAT, in halalas; null until confirmed. */
  @Property({ type: new BigIntType('number'), fieldName: 'price_halalas', nullable: true })
  priceHalalas: number | null = null;

  @Field(() => Date, { nullable: true, description: 'The meeting time the admin confirmed' })
  @Property({ type: 'timestamptz', fieldName: 'scheduled_at', nullable: true })
  scheduledAt: Date | null = null;

  @Field(() => String, { nullable: true, description: 'Why it was cancelled' })
  @Property({ type: 'text', fieldName: 'cancel_reason', nullable: true })
  cancelReason: string | null = null;

  @Field(() => String, { nullable: true, description: 'card or gateway, once paid' })
  @Property({ type: 'text', fieldName: 'payment_method', nullable: true })
  paymentMethod: string | null = null;

  /** Language of the customer's emails about it. */
  @Property({ type: 'text' })
  locale: Locale = 'en';

  @Property({ type: 'timestamptz', fieldName: 'confirmed_at', nullable: true })
  confirmedAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'completed_at', nullable: true })
  completedAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'cancelled_at', nullable: true })
  cancelledAt: Date | null = null;

  /** The calendar invitation's SEQUENCE (RFC 5545): raised when the meeting moves or is cancelled. */
  @Property({ type: 'int', fieldName: 'ics_sequence' })
  icsSequence = 0;

  /** When the 24-hour reminder went out (set by the one worker that sends it); null: not yet. */
  @Property({ type: 'timestamptz', fieldName: 'reminder_sent_at', nullable: true })
  reminderSentAt: Date | null = null;

  /** The legal consultation request it was made from, if any. */
  @Property({ type: 'uuid', fieldName: 'inquiry_id', nullable: true })
  inquiryId: string | null = null;

  /** The advisor the meeting is with (a booked slot, or an admin's assignment); null: none yet. */
  @ManyToOne(() => Advisor, { fieldName: 'advisor_id', nullable: true })
  advisor: Rel<Advisor> | null = null;

  /** The hour held in the advisor's calendar (the exclusion constraint keeps two open bookings apart). */
  @Property({ type: 'timestamptz', fieldName: 'slot_start', nullable: true })
  slotStart: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'slot_end', nullable: true })
  slotEnd: Date | null = null;

  @Field(() => ID, { nullable: true, description: 'The advisor of the meeting, if one is assigned' })
  get advisorId(): string | null {
    return this.advisor?.id ?? null;
  }

  @Field(() => String, { nullable: true, description: "The advisor's display name" })
  get advisorName(): string | null {
    return this.advisor && wrap(this.advisor).isInitialized() ? this.advisor.displayName : null;
  }

  @Field(() => Date, {
    nullable: true,
    description: 'Until when its customer may cancel or reschedule it (24 hours before the meeting); null: no longer',
  })
  get changeableUntil(): Date | null {
    return customerCanChange(this) ? customerChangeDeadline(this) : null;
  }

  @Field(() => Float, { nullable: true, description: 'The quote, SAR before VAT; null until confirmed' })
  get price(): number | null {
    return this.priceHalalas === null ? null : toSar(this.priceHalalas);
  }

  @Field(() => Float, { nullable: true, description: 'VAT 15% on the quote, SAR' })
  get vatAmount(): number | null {
    return this.price === null ? null : withVat(this.price).vat;
  }

  @Field(() => Float, { nullable: true, description: 'The quote + VAT, SAR: what is charged' })
  get totalWithVat(): number | null {
    return this.price === null ? null : withVat(this.price).total;
  }

  @Field(() => String, { description: 'Who booked' })
  get userName(): string {
    return this.user.fullName;
  }

  @Field(() => String, { description: "The customer's email" })
  get userEmail(): string {
    return this.user.email;
  }
}
