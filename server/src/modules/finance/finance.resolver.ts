import { Arg, Authorized, Ctx as Context, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Role } from '../common/roles.js';
import { PaymentMethodEnum, PaymentStatusEnum, RefundStatusEnum } from '../common/enums.js';
import type { FinanceMethod, FinancePaymentStatus } from '../../shared/finance.rules.js';
import type { RefundStatus } from '../../shared/refunds.rules.js';
import { AdminPaymentDetail, AdminPaymentPage, adminDetailGql, adminPageGql } from './finance.types.js';

@Resolver()
export class FinanceResolver {
  @Authorized(Role.admin)
  @Query(() => AdminPaymentPage, {
    description: 'Admin › Payments: every payment, newest first, filtered (dates are Riyadh calendar dates, both included)',
  })
  async adminPayments(
    @Context() ctx: Ctx,
    @Arg('status', () => PaymentStatusEnum, { nullable: true }) status: FinancePaymentStatus | null,
    @Arg('method', () => PaymentMethodEnum, { nullable: true }) method: FinanceMethod | null,
    @Arg('refundStatus', () => RefundStatusEnum, { nullable: true }) refundStatus: RefundStatus | null,
    @Arg('from', () => String, { nullable: true }) from: string | null,
    @Arg('to', () => String, { nullable: true }) to: string | null,
    @Arg('hostId', () => String, { nullable: true }) hostId: string | null,
    @Arg('q', () => String, { nullable: true }) q: string | null,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
  ): Promise<AdminPaymentPage> {
    return adminPageGql(await ctx.services.finance.payments(ctx.user, { status, method, refundStatus, from, to, hostId, q, page }));
  }

  @Authorized(Role.admin)
  @Query(() => AdminPaymentDetail, { description: 'A payment and its timeline (gateway, refund, credit note, split, audit)' })
  async adminPayment(@Arg('id', () => ID) id: string, @Context() ctx: Ctx): Promise<AdminPaymentDetail> {
    return adminDetailGql(await ctx.services.finance.payment(ctx.user, id));
  }

  @Authorized(Role.admin)
  @Mutation(() => AdminPaymentDetail, { description: 'Requests a failed refund again (409 unless it failed); audited' })
  async retryRefund(@Arg('refundId', () => ID) refundId: string, @Context() ctx: Ctx): Promise<AdminPaymentDetail> {
    return adminDetailGql(await ctx.services.finance.retryRefund(ctx.user, refundId));
  }
}
