import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import type { FinancePaymentDetail, FinancePage, TimelineEvent } from './finance.service.js';
import type { FinancePayment } from './finance.rows.js';
import { PaymentMethodEnum, PaymentStatusEnum, RefundStatusEnum } from '../common/enums.js';
import type { FinanceMethod, FinancePaymentStatus } from '../../shared/finance.rules.js';
import type { RefundStatus } from '../../shared/refunds.rules.js';

@ObjectType({ description: 'A payment as the finance console shows it (money in halalas; amount also in SAR)' })
export class AdminPayment {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'booking (a listing) or service (a service booking)' }) kind!: string;
  @Field(() => String, { nullable: true }) bookingId!: string | null;
  @Field(() => String, { nullable: true }) serviceBookingId!: string | null;
  @Field(() => String, { description: "The listing's title or the service's name" }) title!: string;
  @Field(() => PaymentMethodEnum) method!: FinanceMethod;
  @Field(() => String) gateway!: string;
  @Field(() => PaymentStatusEnum) status!: FinancePaymentStatus;
  @Field(() => String) currency!: string;
  @Field(() => Int) amountHalalas!: number;
  @Field(() => Float, { description: 'SAR' }) amount!: number;
  @Field(() => String, { description: 'SAR with two decimals' }) amountDisplay!: string;
  @Field(() => Int) subtotalHalalas!: number;
  @Field(() => Int) vatHalalas!: number;
  @Field(() => String, { nullable: true }) cardBrand!: string | null;
  @Field(() => String, { nullable: true }) cardLast4!: string | null;
  @Field(() => String, { nullable: true }) invoiceNumber!: string | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) paidAt!: Date | null;
  @Field(() => ID) customerId!: string;
  @Field(() => String) customerName!: string;
  @Field(() => String) customerEmail!: string;
  @Field(() => ID, { nullable: true }) hostId!: string | null;
  @Field(() => String, { nullable: true }) hostName!: string | null;
  @Field(() => String, { nullable: true }) hostEmail!: string | null;
  @Field(() => ID, { nullable: true }) refundId!: string | null;
  @Field(() => RefundStatusEnum) refundStatus!: RefundStatus;
  @Field(() => Int) refundAmountHalalas!: number;
  @Field(() => String, { nullable: true }) refundReason!: string | null;
  @Field(() => String, { nullable: true }) refundError!: string | null;
  @Field(() => String, { nullable: true }) creditNoteNumber!: string | null;
  @Field(() => Int, { nullable: true, description: "The platform's commission (payment_splits)" }) commissionHalalas!: number | null;
  @Field(() => Int, { nullable: true }) vatOnCommissionHalalas!: number | null;
  @Field(() => Int, { nullable: true, description: "The host's share" }) hostShareHalalas!: number | null;
  @Field(() => Int, { nullable: true, description: "The host's MyFatoorah supplier; null: the share is held" })
  supplierCode!: number | null;
  @Field(() => Date, { nullable: true }) splitSettledAt!: Date | null;
}

@ObjectType()
export class FinanceHost {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
}

@ObjectType()
export class AdminPaymentPage {
  @Field(() => [AdminPayment]) items!: AdminPayment[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
  @Field(() => [FinanceHost], { description: 'Every host with a payment for their listings (the host filter)' }) hosts!: FinanceHost[];
}

@ObjectType({ description: 'One thing that happened to a payment' })
class PaymentTimelineEvent {
  @Field(() => Date) at!: Date;
  @Field(() => String, {
    description:
      'payment.created, split.proposed, payment.paid, payment.failed, payment.duplicate, payment.refund_due, split.settled, split.held, refund.recorded, credit_note.issued, refund.sent, refund.refunded, refund.failed, or audit.<action>',
  })
  kind!: string;
  @Field(() => Int, { nullable: true }) amountHalalas!: number | null;
  @Field(() => String, { nullable: true }) detail!: string | null;
  @Field(() => String, { nullable: true }) actorEmail!: string | null;
}

@ObjectType()
export class AdminPaymentDetail {
  @Field(() => AdminPayment) payment!: AdminPayment;
  @Field(() => [PaymentTimelineEvent]) timeline!: TimelineEvent[];
}

const adminPaymentGql = (p: FinancePayment): AdminPayment => ({
  ...p,
  amount: p.amountHalalas / 100,
  amountDisplay: (p.amountHalalas / 100).toFixed(2),
});
export const adminPageGql = (p: FinancePage): AdminPaymentPage => ({ ...p, items: p.items.map(adminPaymentGql) });
export const adminDetailGql = (d: FinancePaymentDetail): AdminPaymentDetail => ({ ...d, payment: adminPaymentGql(d.payment) });
