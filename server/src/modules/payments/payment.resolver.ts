import { Arg, Authorized, Ctx as Context, FieldResolver, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { MyFatoorahSettings } from '../settings/settings.types.js';
import type { Ctx } from '../../graphql/context.js';
import { Payment } from './payment.entity.js';
import { PAYMENT_TOPICS, type PaymentChangedEvent } from './payment.events.js';
import { Role } from '../common/roles.js';
import { filtered, liveAccess } from '../../graphql/live-access.js';
import { CardChargeInput, ChargeResult, ConfirmPaymentResult, InitiatePaymentResult, PaymentEligibility } from './payment.types.js';

@Resolver()
export class PaymentResolver {
  @Authorized()
  @Query(() => PaymentEligibility, { description: 'Whether the logged-in user may pay this booking, and what it costs' })
  paymentEligibility(@Arg('bookingId', () => String) bookingId: string, @Context() ctx: Ctx) {
    return ctx.services.payments.eligibility(ctx.user, bookingId);
  }

  @Authorized()
  @Query(() => [Payment], { description: 'Payment attempts on a booking' })
  bookingPayments(@Arg('bookingId', () => String) bookingId: string, @Context() ctx: Ctx) {
    return ctx.services.payments.forBooking(ctx.user, bookingId);
  }

  @Authorized()
  @Mutation(() => ChargeResult, { description: 'Direct (2D) card payment; a decline answers success: false with the reason' })
  chargeCard(@Arg('input', () => CardChargeInput) input: CardChargeInput, @Context() ctx: Ctx) {
    return ctx.services.payments.directCharge(ctx.user, {
      booking_id: input.bookingId,
      card_holder_name: input.cardHolderName,
      card_number: input.cardNumber,
      expiry_month: input.expiryMonth,
      expiry_year: input.expiryYear,
      cvv: input.cvv,
    });
  }

  @Authorized()
  @Mutation(() => InitiatePaymentResult, { description: 'Starts a hosted-gateway payment; the browser then goes to paymentUrl' })
  initiatePayment(
    @Arg('bookingId', () => String) bookingId: string,
    @Arg('method', () => String, { nullable: true, description: "The hosted page's method: 'visa_mastercard' (default) or 'mada'" })
    method: string | null | undefined,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.payments.initiate(ctx.user, bookingId, method);
  }

  @Authorized()
  @Mutation(() => ConfirmPaymentResult, { description: 'After the gateway redirect: asks the gateway and settles the payment' })
  async confirmPayment(
    @Arg('bookingId', () => String) bookingId: string,
    @Arg('paymentId', () => String) paymentId: string,
    @Context() ctx: Ctx,
  ) {
    const p = await ctx.services.payments.confirmReturn(ctx.user, bookingId, paymentId);
    const booking = await ctx.services.bookings.get(ctx.user, bookingId);
    return { success: p.status === 'paid', status: p.status, transactionId: p.transactionId, error: p.error, booking };
  }

  @Authorized()
  @Subscription(() => Payment, {
    // Subscribing needs the access the bookingPayments query needs (the booking's user or an admin; NOT_FOUND
    // otherwise), and every event is checked against the subscriber's CURRENT role and status.
    subscribe: async ({ args, context }: { args: { bookingId: string }; context: Ctx }) => {
      await context.services.payments.forBooking(context.user, args.bookingId);
      const subscriber = context.user!;
      return filtered(context.deps.bus.subscribe(PAYMENT_TOPICS.paymentChanged) as AsyncIterable<PaymentChangedEvent>, async (payload) => {
        if (payload.bookingId !== args.bookingId) return false;
        const who = await liveAccess(context.deps, subscriber);
        return !!who && (who.role === Role.admin || who.id === payload.userId);
      });
    },
    description: 'Payment attempts on one of your bookings as the gateway answers',
  })
  paymentUpdated(@Arg('bookingId', () => String) _bookingId: string, @Root() payload: PaymentChangedEvent, @Context() ctx: Ctx) {
    return ctx.em.fork().findOneOrFail(Payment, { id: payload.paymentId });
  }
}

/** The gateway settings' webhook address to register in the MyFatoorah portal (admins only reach these settings). */
@Resolver(() => MyFatoorahSettings)
export class PaymentSettingsResolver {
  @FieldResolver(() => String, {
    description: 'The URL to register as the webhook in the MyFatoorah portal: the saved webhook URL, else APP_URL/api/payment/webhook',
  })
  webhookEndpoint(@Root() s: MyFatoorahSettings, @Context() ctx: Ctx): string {
    return s.webhookUrl || `${ctx.deps.env.appUrl}/api/payment/webhook`;
  }
}
