import { DecimalType, Entity, ManyToOne, Property } from '@mikro-orm/core';
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../common/base.entity.js';
import { User } from '../users/user.entity.js';
import { Resource } from '../resources/resource.entity.js';
import type { BookingStatus, PaymentStatus, ResourceType } from '../../shared/marketplace.rules.js';
import type { CancellationPolicy, RefundStatus } from '../../shared/refunds.rules.js';
import { withVat } from '../../shared/money.js';
import {
  BookingPaymentStatusEnum,
  BookingStatusEnum,
  CancellationPolicyEnum,
  RefundStatusEnum,
  ResourceTypeEnum,
} from '../common/enums.js';

/** A booking of a resource for a time range (spec section 3 "Booking"). Amounts are computed by the server. */
@ObjectType()
@Entity({ tableName: 'bookings' })
export class Booking extends BaseEntity<
  | 'currency'
  | 'status'
  | 'paymentStatus'
  | 'exclusive'
  | 'holdExpiresAt'
  | 'cancelledAt'
  | 'reviewInvitedAt'
  | 'reviewed'
  | 'resourceId'
  | 'resourceTitle'
  | 'resourceType'
  | 'userName'
  | 'vatAmount'
  | 'totalWithVat'
  | 'cancellationPolicy'
  | 'refundStatus'
  | 'refundAmount'
> {
  @ManyToOne(() => Resource, { fieldName: 'resource_id' })
  resource!: Resource;

  @ManyToOne(() => User, { fieldName: 'user_id' })
  user!: User;

  @Field(() => Date)
  @Property({ type: 'timestamptz', fieldName: 'start_date' })
  startDate!: Date;

  @Field(() => Date)
  @Property({ type: 'timestamptz', fieldName: 'end_date' })
  endDate!: Date;

  @Field(() => Int, { description: 'Number of pricing periods charged (a started period counts whole)' })
  @Property({ type: 'integer' })
  periods!: number;

  @Field(() => Float)
  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)', fieldName: 'unit_price' })
  unitPrice!: number;

  @Field(() => Float, { description: 'SAR, before VAT' })
  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)', fieldName: 'total_amount' })
  totalAmount!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  currency: string = 'SAR';

  @Field(() => BookingStatusEnum)
  @Property({ type: 'text' })
  status: BookingStatus = 'pending';

  @Field(() => BookingPaymentStatusEnum)
  @Property({ type: 'text', fieldName: 'payment_status' })
  paymentStatus: PaymentStatus = 'pending';

  /** False for digital resources: many buyers may hold the same file at once. */
  @Property({ type: 'boolean' })
  exclusive: boolean = true;

  @Field(() => Date, { nullable: true, description: 'An unpaid pending booking holds its dates until then' })
  @Property({ type: 'timestamptz', fieldName: 'hold_expires_at', nullable: true })
  holdExpiresAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'cancelled_at', nullable: true })
  cancelledAt: Date | null = null;

  @Field(() => CancellationPolicyEnum, {
    description: "The listing's cancellation policy when it was booked (a later change does not apply)",
  })
  @Property({ type: 'text', fieldName: 'cancellation_policy' })
  cancellationPolicy: CancellationPolicy = 'none';

  @Field(() => RefundStatusEnum)
  @Property({ type: 'text', fieldName: 'refund_status' })
  refundStatus: RefundStatus = 'none';

  @Field(() => Float, { description: 'SAR refunded or being refunded (VAT included); 0 when none' })
  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)', fieldName: 'refund_amount' })
  refundAmount: number = 0;

  /** When its customer was invited to review it (the invitation pass claims each booking once). */
  @Property({ type: 'timestamptz', fieldName: 'review_invited_at', nullable: true })
  reviewInvitedAt: Date | null = null;

  /**
   * Not a column: the booking service fills it in (lists read it in the same statement). A getter, because the ORM
   * builds loaded entities without running field initialisers: a booking loaded elsewhere (the live events) would
   * otherwise answer null for this non-null field, and the whole event would fail.
   */
  private reviewedFlag?: boolean;

  @Field(() => Boolean, { description: 'Its customer has reviewed it' })
  get reviewed(): boolean {
    return this.reviewedFlag ?? false;
  }

  set reviewed(value: boolean) {
    this.reviewedFlag = value;
  }

  @Field(() => Float, { description: 'VAT 15% on totalAmount, SAR (computed by the server, rounded to the halala)' })
  get vatAmount(): number {
    return withVat(this.totalAmount).vat;
  }

  @Field(() => Float, { description: 'totalAmount + VAT, SAR: what is charged' })
  get totalWithVat(): number {
    return withVat(this.totalAmount).total;
  }

  @Field(() => String)
  get resourceId(): string {
    return this.resource.id;
  }

  @Field(() => String)
  get resourceTitle(): string {
    return this.resource.title;
  }

  @Field(() => ResourceTypeEnum)
  get resourceType(): ResourceType {
    return this.resource.resourceType;
  }

  @Field(() => String, { description: 'Who booked (shown to the listing host and admins)' })
  get userName(): string {
    return this.user.fullName;
  }
}
