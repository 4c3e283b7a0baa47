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
import { MyFatoorahError, type PaymentStatus } from '../../integrations/myfatoorah/client.js';
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
   * Asks the gateway about one attempt still in flight and settles it from the answer. An attempt whose outcome is
   * still unknown stays as it is; once its payment session is over with nothing charged it is marked failed.
   */
  async reconcile(p: Payment): Promise<Payment> {
    if (!IN_FLIGHT.includes(p.status)) return p;
    const age = Date.now() - p.createdAt.getTime();
    const over = age > this.deps.env.paymentSessionMinutes * 60_000;
    if (!p.invoiceId)
      return age > NO_INVOICE_GRACE_MS
        ? this.settlement.markFailed(p, p.method === 'gateway' ? PM.sessionExpired : PM.gatewayUnavailable)
        : p;
    let status: PaymentStatus;
    try {
      const gateway = await currentGateway(this.em, this.deps);
      if (gateway.name !== p.gateway) return p; // the admin switched gateways: that one is asked no more
      status = await gateway.getPaymentStatus(p.invoiceId, 'InvoiceId');
    } catch (err) {
      if (!(err instanceof MyFatoorahError)) console.error(`[payments] reconciling payment ${p.id}:`, (err as Error)?.message ?? err);
      return p; // unknown: ask again later
    }
    await this.settlement.settle(p, status);
    if (IN_FLIGHT.includes(p.status) && over) return this.settlement.markFailed(p, PM.sessionExpired);
    return p;
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
      if (err instanceof MyFatoorahError) throw badInput(err.kind === 'rejected' ? 'Payment not found' : err.message);
      throw err;
    }
    const payment = await this.em.findOne(
      Payment,
      { invoiceId: String(status.InvoiceId), ...paymentsOf(paid) },
      { populate: ['booking', 'serviceBooking', 'user'] },
    );
    if (!payment) throw notFound('Payment not found');
    return this.settlement.settle(payment, status);
  }

  /** A payment event (webhook): our attempt on that invoice, settled from the gateway's own record. */
  async settleInvoice(invoiceId: string): Promise<void> {
    const payment = await this.em.findOne(Payment, { invoiceId }, { populate: ['booking', 'serviceBooking', 'user'] });
    if (!payment) return; // not ours (or already purged): acknowledged so it is not retried forever
    const gateway = await currentGateway(this.em, this.deps);
    if (gateway.name !== payment.gateway) return;
    await this.settlement.settle(payment, await gateway.getPaymentStatus(invoiceId, 'InvoiceId'));
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
