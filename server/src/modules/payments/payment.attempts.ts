/**
 * Payment attempts: one row per try at paying, opened atomically with the checks (one open attempt per booking),
 * then handed to the gateway: the hosted payment page (initiate) or our own card form (directCharge, PCI-certified
 * merchants only). The embedded card form's attempts are in payment.session.ts. An attempt's outcome is never taken
 * from the answer in hand: the gateway's record is asked (reconciliation).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { badInput, conflict, notFound, unauthenticated } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { cardBrand, cardExpired, cardPaymentSchema, PAYMENT_MESSAGES as PM } from '../../shared/payments.rules.js';
import { User } from '../users/user.entity.js';
import { Booking } from '../bookings/booking.entity.js';
import { ServiceBooking } from '../service-bookings/service-booking.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { MyFatoorahError } from '../../integrations/myfatoorah/client.js';
import { HOSTED_METHODS, type HostedMethod } from '../../integrations/myfatoorah/gateway.js';
import { Payment } from './payment.entity.js';
import { currentGateway, executeRequestCommon } from './payment.gateway.js';
import { PaymentEligibility } from './payment.eligibility.js';
import { PaymentSettlement } from './payment.settlement.js';
import { IN_FLIGHT, PaymentReconciliation } from './payment.reconciliation.js';
import { payableColumn, payableFrom, paymentsOf, type Payable, type PayableNames } from './payment.payable.js';

export interface ChargeResult {
  success: boolean;
  /** paid, failed, or processing: the gateway's answer is not known yet (never charge again; it settles by itself). */
  status: 'paid' | 'failed' | 'processing';
  transactionId: string | null;
  bookingId: string | null;
  serviceBookingId: string | null;
  paymentId: string | null;
  error: string | null;
}

/** A gateway that refuses our key: the customer is told to contact support, not shown the gateway's words. */
export const MISCONFIGURED = 'The payment gateway is misconfigured. Please contact support.';

export class PaymentAttempts {
  private eligibility: PaymentEligibility;
  private settlement: PaymentSettlement;
  private reconciliation: PaymentReconciliation;

  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {
    this.eligibility = new PaymentEligibility(em, deps);
    this.settlement = new PaymentSettlement(em, deps);
    this.reconciliation = new PaymentReconciliation(em, deps);
  }

  private get sessionMinutes() {
    return this.deps.env.paymentSessionMinutes;
  }

  /**
   * Before a new attempt on a booking: every attempt still in flight is first reconciled with the gateway. Paid
   * there → settled here, and the new attempt is refused ("already paid"); still open and recent → refused by
   * openAttempt; decided or over → the new attempt may go ahead.
   */
  private async reconcileOpenAttempts(target: Payable): Promise<void> {
    const open = await this.em.find(
      Payment,
      { ...paymentsOf(target), status: { $in: IN_FLIGHT } },
      { populate: ['booking', 'serviceBooking', 'user'] },
    );
    for (const p of open) {
      const r = await this.reconciliation.reconcile(p);
      if (r.status === 'paid') throw conflict(target.kind === 'service' ? PM.serviceAlreadyPaid : PM.alreadyPaid);
    }
  }

  /**
   * Before a new payment form is handed out: attempts in flight are reconciled first (paid there → "already paid");
   * one whose outcome is still unknown (processing) refuses it, so nobody pays twice while the gateway is asked.
   */
  async requireNoneUnconfirmed(target: Payable): Promise<void> {
    await this.reconcileOpenAttempts(target);
    const open = await this.em.count(Payment, { ...paymentsOf(target), status: 'processing' });
    if (open) throw conflict(PM.confirming);
  }

  /**
   * Creates the attempt's row, atomically with the checks: the booking row is locked, so two tabs (two hosted
   * payments, or a hosted one and a card) cannot both open one. A hosted attempt extends the booking's hold to
   * the payment session's end, so the hold cannot lapse while the customer is on the gateway's page.
   */
  async openAttempt(
    target: Payable,
    user: User,
    data: Pick<Payment, 'method' | 'gateway' | 'status' | 'subtotal' | 'vat' | 'amount'> &
      Partial<Pick<Payment, 'cardBrand' | 'cardLast4'>>,
  ): Promise<Payment> {
    await this.reconcileOpenAttempts(target);
    const bookingId = target.id;
    const service = target.kind === 'service';
    let id: string;
    try {
      id = await this.em.transactional(async (tem) => {
        const c = tem.getConnection();
        const tx = tem.getTransactionContext();
        const [b] = await c.execute<Array<{ status: string; payment_status: string }>>(
          `select status, payment_status from ${service ? 'service_bookings' : 'bookings'} where id = ? for update`,
          [bookingId],
          'all',
          tx,
        );
        if (!b) throw notFound(PM.bookingNotFound);
        if (service) {
          if (b.payment_status === 'paid') throw conflict(PM.serviceAlreadyPaid);
          if (b.status !== 'confirmed') throw badInput(b.status === 'cancelled' ? PM.serviceCancelled : PM.serviceNotPayable);
        } else {
          if (b.payment_status === 'paid') throw conflict(PM.alreadyPaid);
          if (!['pending', 'confirmed'].includes(b.status)) throw badInput(b.status === 'cancelled' ? PM.cancelled : PM.notPayable);
        }
        const open = await c.execute<Array<{ status: string }>>(
          `select status from payments where ${payableColumn(target)} = ?
             and (status = 'processing' or (status = 'initiated' and created_at > now() - (?::int * interval '1 minute')))
           order by status desc limit 1`,
          [bookingId, this.sessionMinutes],
          'all',
          tx,
        );
        if (open.length) throw conflict(open[0].status === 'processing' ? PM.inProgress : PM.paymentOpen);
        if (data.method === 'gateway' && !service)
          await c.execute(
            `update bookings set hold_expires_at = greatest(coalesce(hold_expires_at, now()), now() + (?::int * interval '1 minute')), updated_at = now()
              where id = ? and status = 'pending' and payment_status = 'pending'`,
            [this.sessionMinutes, bookingId],
            'run',
            tx,
          );
        const p = tem.create(Payment, {
          ...(service
            ? { serviceBooking: tem.getReference(ServiceBooking, bookingId) }
            : { booking: tem.getReference(Booking, bookingId) }),
          user: tem.getReference(User, user.id),
          ...data,
        });
        await tem.flush();
        return p.id;
      });
    } catch (err) {
      // Double click, two tabs: the partial unique index lets one charge through.
      if ((err as { code?: string }).code === '23505') throw conflict(PM.inProgress);
      throw err;
    }
    return this.em.findOneOrFail(Payment, { id }, { populate: ['booking', 'serviceBooking', 'user'] });
  }

  /** Spec: POST /payment/direct-charge. A decline or gateway error is an answer (success false), not an exception. */
  async directCharge(user: User | null, raw: Omit<z.input<typeof cardPaymentSchema>, 'bookingId'> & PayableNames): Promise<ChargeResult> {
    if (!user) throw unauthenticated();
    // Card numbers reach our server only for a merchant an admin declared PCI DSS certified (issue #24).
    if (!(await new SettingsService(this.em, this.deps).getMyFatoorah()).pciCertified) throw conflict(PM.directNotAllowed);
    const target = payableFrom(raw);
    // The card rules check the id's shape under bookingId, whichever of the two is paid.
    const card = parse(cardPaymentSchema, { ...raw, bookingId: target.id });
    const e = await this.eligibility.requirePayable(user, { kind: target.kind, id: card.bookingId });
    if (cardExpired(card.month, card.year)) throw badInput(PM.cardExpired, { field: 'expiryMonth' });
    const brand = cardBrand(card.number);
    if (brand === 'mada') throw badInput(PM.madaHosted, { field: 'cardNumber' });

    const gateway = await currentGateway(this.em, this.deps);
    const payment = await this.openAttempt(e.payable, user, {
      method: 'card',
      gateway: gateway.name,
      status: 'processing',
      subtotal: e.subtotal,
      vat: e.vat,
      amount: e.amount,
      cardBrand: brand,
      cardLast4: card.number.slice(-4),
    });

    const answer = (p: Payment): ChargeResult => {
      const status = p.status === 'paid' ? 'paid' : IN_FLIGHT.includes(p.status) ? 'processing' : 'failed';
      const error = status === 'paid' ? null : status === 'processing' ? PM.unconfirmed : (p.error ?? PM.paymentFailed);
      return {
        success: status === 'paid',
        status,
        transactionId: status === 'paid' ? p.transactionId : null,
        bookingId: e.bookingId,
        serviceBookingId: e.serviceBookingId,
        paymentId: p.id,
        error,
      };
    };
    const fail = async (message: string): Promise<ChargeResult> => answer(await this.settlement.markFailed(payment, message));

    // Until the card is sent, any failure is safe to report: nothing can have been charged.
    let inv;
    try {
      const methods = await gateway.methods(e.amount);
      if (methods.direct < 0) return await fail('Direct card payment is not enabled for this merchant. Please use the payment gateway.');
      inv = await gateway.executePayment({
        PaymentMethodId: methods.direct,
        ...(await executeRequestCommon(this.em, this.deps, {
          paymentId: payment.id,
          payable: e.payable,
          amount: e.amount,
          customerName: card.holder,
          user,
        })),
      });
      payment.invoiceId = String(inv.InvoiceId);
      await this.em.flush();
    } catch (err) {
      if (err instanceof MyFatoorahError) return fail(err.kind === 'unauthorized' ? MISCONFIGURED : err.message);
      await fail(PM.gatewayUnavailable);
      throw err;
    }

    // From here the card may be charged: only the gateway's clear answer decides; a time-out or an error leaves the
    // attempt processing and asks the gateway for the invoice's status (now, and later from the reconciler).
    let result;
    try {
      result = await gateway.directPayment(inv.PaymentURL, {
        Number: card.number,
        ExpiryMonth: card.month,
        ExpiryYear: card.year.slice(-2),
        SecurityCode: card.cvv,
        CardHolderName: card.holder,
      });
    } catch (err) {
      if (err instanceof MyFatoorahError && (err.kind === 'rejected' || err.kind === 'unauthorized'))
        return fail(err.kind === 'unauthorized' ? MISCONFIGURED : err.message);
      if (!(err instanceof MyFatoorahError))
        console.error(`[payments] direct payment ${payment.id}: unexpected error, outcome unknown:`, (err as Error)?.message);
      return answer(await this.reconciliation.reconcile(payment));
    }
    if (String(result.Status).toUpperCase() !== 'SUCCESS') return await fail(result.ErrorMessage || PM.paymentFailed);
    // Trust the gateway's record, not the answer in hand: ask for the invoice's status.
    return answer(await this.reconciliation.reconcile(payment));
  }

  /**
   * Spec: POST /payment/initiate?booking_id= → {success, payment_url}; the browser then goes to the gateway.
   * `method`: the hosted page's payment method, 'visa_mastercard' (default; MyFatoorah's VISA/MASTER) or 'mada'
   * (MyFatoorah's MADA: mada cards are refused on VISA/MASTER).
   */
  async initiate(
    user: User | null,
    bookingId: unknown,
    method?: unknown,
    kind: Payable['kind'] = 'booking',
  ): Promise<{ success: boolean; paymentUrl: string | null; error: string | null }> {
    if (!user) throw unauthenticated();
    if (method !== undefined && method !== null && method !== '' && !HOSTED_METHODS.includes(method as HostedMethod))
      throw badInput(PM.invalidMethod, { field: 'method' });
    const chosen: HostedMethod = method === 'mada' ? 'mada' : 'visa_mastercard';
    const e = await this.eligibility.requirePayable(user, { kind, id: bookingId });
    const gateway = await currentGateway(this.em, this.deps);
    const payment = await this.openAttempt(e.payable, user, {
      method: 'gateway',
      gateway: gateway.name,
      status: 'initiated',
      subtotal: e.subtotal,
      vat: e.vat,
      amount: e.amount,
    });
    try {
      const methods = await gateway.methods(e.amount);
      const methodId = chosen === 'mada' ? methods.mada : methods.hosted;
      if (methodId < 0) throw new MyFatoorahError(chosen === 'mada' ? PM.madaNotEnabled : PM.hostedNotEnabled, 'rejected');
      const inv = await gateway.executePayment({
        PaymentMethodId: methodId,
        ...(await executeRequestCommon(this.em, this.deps, {
          paymentId: payment.id,
          payable: e.payable,
          amount: e.amount,
          customerName: user.fullName,
          user,
        })),
      });
      payment.invoiceId = String(inv.InvoiceId);
      await this.em.flush();
      return { success: true, paymentUrl: inv.PaymentURL, error: null };
    } catch (err) {
      // No payment page was handed out, so nothing can be paid on this attempt.
      await this.settlement.markFailed(payment, err instanceof MyFatoorahError ? err.message : PM.gatewayUnavailable);
      if (!(err instanceof MyFatoorahError)) throw err;
      return { success: false, paymentUrl: null, error: err.message };
    }
  }
}
