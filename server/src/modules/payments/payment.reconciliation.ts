/**
 * Reconciliation: we never trust a browser or a time-out, we ask the gateway. An attempt in flight is settled from
 * the gateway's own record (a return from the payment page, a webhook, the scheduler's sweep), or marked failed once
 * its payment session is over with nothing charged.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { badInput, notFound } from '../common/errors.js';
import { PAYMENT_MESSAGES as PM } from '../../shared/payments.rules.js';
import type { User } from '../users/user.entity.js';
import type { FilterQuery } from '@mikro-orm/core';
import { MyFatoorahError, type PaymentStatus } from '../../integrations/myfatoorah/client.js';
import type { PaymentGateway } from '../../integrations/myfatoorah/gateway.js';
import { isUuid } from '../../shared/ids.js';
import { Payment, type PaymentRowStatus } from './payment.entity.js';
import { currentGateway } from './payment.gateway.js';
import { PaymentEligibility } from './payment.eligibility.js';
import { PaymentSettlement } from './payment.settlement.js';
import { paymentsOf, type Payable } from './payment.payable.js';

/** An attempt whose outcome the gateway has not told us yet. */
export const IN_FLIGHT: PaymentRowStatus[] = ['initiated', 'processing'];
/** A processing attempt without a gateway invoice this old never reached the gateway (the card is sent only after). */
const NO_INVOICE_GRACE_MS = 2 * 60_000;

export class PaymentReconciliation {
  private settlement: PaymentSettlement;

  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {
    this.settlement = new PaymentSettlement(em, deps);
  }

  /**
   * Asks the gateway about one attempt still in flight and settles it from the answer: by the invoice's id, or, when
   * we never learnt it (ExecutePayment timed out after the gateway created the invoice), by the attempt's own id,
   * which every ExecutePayment carries as CustomerReference. An attempt whose outcome is still unknown (no answer)
   * stays as it is; it is marked failed only once the gateway says nothing was paid and its payment session is over.
   */
  async reconcile(p: Payment): Promise<Payment> {
    if (!IN_FLIGHT.includes(p.status)) return p;
    const age = Date.now() - p.createdAt.getTime();
    const over = age > this.deps.env.paymentSessionMinutes * 60_000;
    let status: PaymentStatus | null;
    try {
      const gateway = await currentGateway(this.em, this.deps);
      if (gateway.name !== p.gateway) return p; // the admin switched gateways: that one is asked no more
      status = p.invoiceId ? await gateway.getPaymentStatus(p.invoiceId, 'InvoiceId') : await this.byReference(gateway, p);
    } catch (err) {
      if (!(err instanceof MyFatoorahError)) console.error(`[payments] reconciling payment ${p.id}:`, (err as Error)?.message ?? err);
      return p; // unknown: ask again later
    }
    if (!status) {
      // The gateway holds no invoice of this attempt: nothing was taken. A card is sent only once the invoice exists;
      // an embedded or hosted invoice can still appear until the session ends (a request still on its way).
      const done = p.method === 'card' ? age > NO_INVOICE_GRACE_MS : over;
      return done ? this.settlement.markFailed(p, p.method === 'gateway' ? PM.sessionExpired : PM.gatewayUnavailable) : p;
    }
    await this.settlement.settle(p, status);
    if (IN_FLIGHT.includes(p.status) && over) return this.settlement.markFailed(p, PM.sessionExpired);
    return p;
  }

  /**
   * GetPaymentStatus by CustomerReference = the attempt's id; the invoice found is remembered on the attempt. Null:
   * the gateway has no invoice with that reference. A time-out or an unreachable gateway throws (unknown).
   */
  private async byReference(gateway: PaymentGateway, p: Payment): Promise<PaymentStatus | null> {
    let status: PaymentStatus;
    try {
      status = await gateway.getPaymentStatus(p.id, 'CustomerReference');
    } catch (err) {
      if (err instanceof MyFatoorahError && err.kind === 'rejected') return null;
      throw err;
    }
    if (String(status.CustomerReference ?? '') !== p.id) return null;
    p.invoiceId = String(status.InvoiceId);
    await this.em.flush();
    return status;
  }

  /**
   * Our attempt behind a gateway invoice: the one that stored its id, else the one its CustomerReference names (an
   * attempt whose ExecutePayment answer never reached us), which then stores it. Null: not ours.
   */
  private async attemptOf(status: PaymentStatus, where: Record<string, unknown> = {}): Promise<Payment | null> {
    const invoiceId = String(status.InvoiceId);
    const populate = ['booking', 'serviceBooking', 'user'] as const;
    const known = await this.em.findOne(Payment, { ...where, invoiceId } as FilterQuery<Payment>, { populate });
    if (known) return known;
    const ref = String(status.CustomerReference ?? '');
    if (!isUuid(ref)) return null;
    const named = await this.em.findOne(Payment, { ...where, id: ref, invoiceId: null } as FilterQuery<Payment>, { populate });
    if (!named) return null;
    named.invoiceId = invoiceId;
    await this.em.flush();
    return named;
  }

  /**
   * The browser came back from the gateway with ?paymentId=…: never trusted as such. We ask the gateway
   * for that payment's invoice and settle our payment row from its answer.
   */
  async confirmReturn(
    user: User | null,
    bookingId: unknown,
    gatewayPaymentId: unknown,
    kind: Payable['kind'] = 'booking',
  ): Promise<Payment> {
    const payer = new PaymentEligibility(this.em, this.deps);
    const paid: Payable =
      kind === 'service'
        ? { kind, id: (await payer.serviceBooking(user, bookingId, false)).id }
        : { kind, id: (await payer.ownBooking(user, bookingId)).id };
    if (typeof gatewayPaymentId !== 'string' || !/^[\w-]{1,64}$/.test(gatewayPaymentId)) throw badInput('Invalid payment reference');
    const gateway = await currentGateway(this.em, this.deps);
    let status: PaymentStatus;
    try {
      status = await gateway.getPaymentStatus(gatewayPaymentId, 'PaymentId');
    } catch (err) {
      // The gateway sent the customer back but does not answer us now: what happened is unknown, so the attempt
      // in flight is answered as it stands (processing: "we are confirming your payment"), never as a failure;
      // the webhook or the reconciliation pass settles it.
      if (err instanceof MyFatoorahError && (err.kind === 'timeout' || err.kind === 'unreachable')) {
        const inFlight = await this.em.findOne(
          Payment,
          { ...paymentsOf(paid), status: { $in: ['initiated', 'processing'] } } as FilterQuery<Payment>,
          { orderBy: { createdAt: 'desc' }, populate: ['booking', 'serviceBooking', 'user'] },
        );
        if (inFlight) return inFlight;
      }
      if (err instanceof MyFatoorahError) throw badInput(err.kind === 'rejected' ? 'Payment not found' : err.message);
      throw err;
    }
    const payment = await this.attemptOf(status, paymentsOf(paid));
    if (!payment) throw notFound('Payment not found');
    return this.settlement.settle(payment, status);
  }

  /**
   * A payment event (webhook): the gateway's own record of that invoice, settled on our attempt behind it (found by
   * the invoice's id or by its CustomerReference, so an attempt whose ExecutePayment timed out is found too). A
   * payment on an attempt we had given up on is settled all the same: paid, or a duplicate refunded in full.
   */
  async settleInvoice(invoiceId: string): Promise<void> {
    const gateway = await currentGateway(this.em, this.deps);
    const status = await gateway.getPaymentStatus(invoiceId, 'InvoiceId');
    const payment = await this.attemptOf(status, { gateway: gateway.name });
    if (!payment) {
      // Not ours (or already purged): acknowledged so it is not retried forever.
      if (this.deps.env.logLevel !== 'silent')
        console.warn(`[payments] webhook: invoice ${invoiceId} (reference ${String(status.CustomerReference ?? '')}) matches no payment`);
      return;
    }
    await this.settlement.settle(payment, status);
  }
}

/**
 * The scheduler's pass over payment attempts left in flight (a time-out, a crash, a closed browser tab): each is
 * settled from the gateway's own record, or marked failed once its session is over with nothing charged.
 */
export async function reconcileStuckPayments(deps: Deps, limit = 50): Promise<number> {
  const em = deps.orm.em.fork() as EntityManager;
  const reconciliation = new PaymentReconciliation(em, deps);
  const stuck = await em.find(
    Payment,
    {
      $or: [
        { status: 'processing', createdAt: { $lt: new Date(Date.now() - 60_000) } },
        { status: 'initiated', createdAt: { $lt: new Date(Date.now() - deps.env.paymentSessionMinutes * 60_000) } },
      ],
    },
    { populate: ['booking', 'serviceBooking', 'user'], orderBy: { createdAt: 'asc' }, limit },
  );
  let changed = 0;
  for (const p of stuck) {
    try {
      const before = p.status;
      if ((await reconciliation.reconcile(p)).status !== before) changed++;
    } catch (err) {
      if (deps.env.logLevel !== 'silent') console.error(`[payments] reconciling payment ${p.id} failed:`, (err as Error)?.message ?? err);
    }
  }
  return changed;
}
