import { Arg, Authorized, Ctx as Context, FieldResolver, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { MyFatoorahSettings } from '../settings/settings.types.js';
import type { Ctx } from '../../graphql/context.js';
import { Payment } from './payment.entity.js';
import { PAYMENT_TOPICS, type PaymentChangedEvent } from './payment.events.js';
import { Role } from '../common/roles.js';
import { filtered, liveAccess } from '../../graphql/live-access.js';
import { payableFrom } from './payment.payable.js';
import {
  CardChargeInput,
  ChargeResult,
  ConfirmPaymentResult,
  ExecutePaymentResult,
  InitiatePaymentResult,
  PaymentEligibility,
  PaymentSession,
} from './payment.types.js';

@Resolver()
export class PaymentResolver {
  @Authorized()
  @Query(() => PaymentEligibility, {
    description: 'Whether the logged-in user may pay this booking (or service booking), and what it costs',
  })
  paymentEligibility(
    @Arg('bookingId', () => String, { nullable: true }) bookingId: string | null | undefined,
    @Arg('serviceBookingId', () => String, { nullable: true }) serviceBookingId: string | null | undefined,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.payments.eligibilityOf(ctx.user, payableFrom({ bookingId, serviceBookingId }));
  }

  @Authorized()
  @Query(() => [Payment], { description: 'Payment attempts on a booking' })
  bookingPayments(@Arg('bookingId', () => String) bookingId: string, @Context() ctx: Ctx) {
    return ctx.services.payments.forBooking(ctx.user, bookingId);
  }

  @Authorized()
  @Mutation(() => ChargeResult, { description: 'Direct (2D) card payment; a decline answers success: false with the reason' })
  chargeCard(@Arg('input', () => CardChargeInput) input: CardChargeInput, @Context() ctx: Ctx) {
    return ctx.services.payments.directCharge(ctx.user, input);
  }

  @Authorized()
  @Mutation(() => PaymentSession, { description: "Embedded Payment: a session for MyFatoorah's card form (the card never reaches us)" })
  startPaymentSession(
    @Arg('bookingId', () => String, { nullable: true }) bookingId: string | null | undefined,
    @Arg('serviceBookingId', () => String, { nullable: true }) serviceBookingId: string | null | undefined,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.payments.startSession(ctx.user, { bookingId, serviceBookingId });
  }

  @Authorized()
  @Mutation(() => ExecutePaymentResult, {
    description:
      'Embedded Payment: pays the session the card was entered into, with 3-D Secure (paymentUrl when the browser must go there)',
  })
  executePaymentSession(
    @Arg('bookingId', () => String, { nullable: true }) bookingId: string | null | undefined,
    @Arg('serviceBookingId', () => String, { nullable: true }) serviceBookingId: string | null | undefined,
    @Arg('sessionId', () => String) sessionId: string,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.payments.executeSession(ctx.user, { bookingId, serviceBookingId, sessionId });
  }

  @Authorized()
  @Mutation(() => InitiatePaymentResult, { description: 'Starts a hosted-gateway payment; the browser then goes to paymentUrl' })
  initiatePayment(
    @Arg('bookingId', () => String, { nullable: true }) bookingId: string | null | undefined,
    @Arg('method', () => String, { nullable: true, description: "The hosted page's method: 'visa_mastercard' (default) or 'mada'" })
    method: string | null | undefined,
    @Arg('serviceBookingId', () => String, { nullable: true, description: 'A service booking to pay instead of a booking' })
    serviceBookingId: string | null | undefined,
    @Context() ctx: Ctx,
  ) {
    const target = payableFrom({ bookingId, serviceBookingId });
    return ctx.services.payments.initiate(ctx.user, target.id, method, target.kind);
  }

  @Authorized()
  @Mutation(() => ConfirmPaymentResult, { description: 'After the gateway redirect: asks the gateway and settles the payment' })
  async confirmPayment(
    @Arg('bookingId', () => String, { nullable: true }) bookingId: string | null | undefined,
    @Arg('paymentId', () => String) paymentId: string,
    @Arg('serviceBookingId', () => String, { nullable: true }) serviceBookingId: string | null | undefined,
    @Context() ctx: Ctx,
  ) {
    const target = payableFrom({ bookingId, serviceBookingId });
    const p = await ctx.services.payments.confirmReturn(ctx.user, target.id, paymentId, target.kind);
    const result = { success: p.status === 'paid', status: p.status, transactionId: p.transactionId, error: p.error };
    if (target.kind === 'service')
      return { ...result, booking: null, serviceBooking: await ctx.services.serviceBookings.get(ctx.user, target.id) };
    return { ...result, booking: await ctx.services.bookings.get(ctx.user, p.booking!.id), serviceBooking: null };
  }

  @Authorized()
  @Subscription(() => Payment, {
    // Subscribing needs the access the bookingPayments query needs (the booking's user or an admin; NOT_FOUND
    // otherwise), and every event is checked against the subscriber's CURRENT role and status.
    subscribe: async ({ args, context }: { args: { bookingId?: string | null; serviceBookingId?: string | null }; context: Ctx }) => {
      const target = payableFrom(args);
      if (target.kind === 'service') await context.services.payments.forServiceBooking(context.user, target.id);
      else await context.services.payments.forBooking(context.user, target.id);
      const subscriber = context.user!;
      return filtered(context.deps.bus.subscribe(PAYMENT_TOPICS.paymentChanged) as AsyncIterable<PaymentChangedEvent>, async (payload) => {
        if ((target.kind === 'service' ? payload.serviceBookingId : payload.bookingId) !== target.id) return false;
        const who = await liveAccess(context.deps, subscriber);
        return !!who && (who.role === Role.admin || who.id === payload.userId);
      });
    },
    description: 'Payment attempts on one of your bookings (or service bookings) as the gateway answers',
  })
  paymentUpdated(
    @Arg('bookingId', () => String, { nullable: true }) _bookingId: string | null,
    @Arg('serviceBookingId', () => String, { nullable: true }) _serviceBookingId: string | null,
    @Root() payload: PaymentChangedEvent,
    @Context() ctx: Ctx,
  ) {
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
