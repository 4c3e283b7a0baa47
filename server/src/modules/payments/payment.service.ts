/**
 * Payments, the module's public face: what the GraphQL resolver, the REST handlers and other modules call. Each
 * responsibility has its own file, read in this order:
 *
 * - payment.payable.ts        what a payment pays (a booking or a service booking) and how a request names it;
 * - payment.gateway.ts        which gateway takes payments (MyFatoorah, the test gateway, or none) and return URLs;
 * - payment.eligibility.ts    who may pay for what, and how much;
 * - payment.attempts.ts       opening an attempt and handing it to the gateway (hosted page, direct card);
 * - payment.session.ts        the embedded card form's attempts (session, execute);
 * - payment.settlement.ts     the gateway's word applied once: paid, refund due, duplicate or failed, and its news;
 * - payment.reconciliation.ts asking the gateway about attempts in flight (return, webhook, scheduler's sweep);
 * - payment.webhook.ts        MyFatoorah's signed events, dispatched to their handlers;
 * - payment.sandbox.ts        the built-in test gateway's pages.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { forbidden } from '../common/errors.js';
import { isAdmin } from '../common/roles.js';
import type { User } from '../users/user.entity.js';
import type { cardPaymentSchema } from '../../shared/payments.rules.js';
import type { SandboxPage } from '../../integrations/myfatoorah/sandbox.js';
import { Payment } from './payment.entity.js';
import { payableFrom, type Payable, type PayableNames, type PayableRequest } from './payment.payable.js';
import { paymentsConfigured } from './payment.gateway.js';
import { PaymentEligibility, type Eligibility } from './payment.eligibility.js';
import { PaymentAttempts, type ChargeResult } from './payment.attempts.js';
import { PaymentSessions } from './payment.session.js';
import { PaymentReconciliation } from './payment.reconciliation.js';
import { PaymentSandbox } from './payment.sandbox.js';
import { handleWebhook } from './payment.webhook.js';

export type { Payable };
export { reconcileStuckPayments } from './payment.reconciliation.js';

export class PaymentService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private get eligibility() {
    return new PaymentEligibility(this.em, this.deps);
  }

  private get attempts() {
    return new PaymentAttempts(this.em, this.deps);
  }

  private get reconciliation() {
    return new PaymentReconciliation(this.em, this.deps);
  }

  private get sandbox() {
    return new PaymentSandbox(this.em, this.deps);
  }

  /** Whether any gateway can take a payment now (the admin dashboard warns while not). */
  configured(): Promise<boolean> {
    return paymentsConfigured(this.em, this.deps);
  }

  /** Spec: POST /payment/validate-user-for-payment, for what a request names (a booking or a service booking). */
  eligibilityOf(user: User | null, target: PayableRequest): Promise<Eligibility> {
    return this.eligibility.eligibilityOf(user, target);
  }

  /** Embedded Payment (payment.session.ts): POST /payment/session. */
  startSession(user: User | null, names: PayableNames) {
    return new PaymentSessions(this.em, this.deps).start(user, payableFrom(names));
  }

  /** Embedded Payment: POST /payment/execute with the session the card was entered into. */
  executeSession(user: User | null, input: PayableNames & { sessionId?: unknown }) {
    return new PaymentSessions(this.em, this.deps).execute(user, payableFrom(input), input?.sessionId);
  }

  /** Spec: POST /payment/direct-charge (PCI-certified merchants only). */
  directCharge(user: User | null, raw: Omit<z.input<typeof cardPaymentSchema>, 'bookingId'> & PayableNames): Promise<ChargeResult> {
    return this.attempts.directCharge(user, raw);
  }

  /** Spec: POST /payment/initiate: the hosted payment page. */
  initiate(user: User | null, bookingId: unknown, method?: unknown, kind: Payable['kind'] = 'booking') {
    return this.attempts.initiate(user, bookingId, method, kind);
  }

  /** The browser came back from the gateway: settled from the gateway's record, never from the return itself. */
  confirmReturn(user: User | null, bookingId: unknown, gatewayPaymentId: unknown, kind: Payable['kind'] = 'booking'): Promise<Payment> {
    return this.reconciliation.confirmReturn(user, bookingId, gatewayPaymentId, kind);
  }

  /**
   * MyFatoorah's Webhook v2: verified per event type and dispatched (payment.webhook.ts). A payment event re-reads
   * the payment from the gateway and settles it (idempotent), which also settles payments whose browser never came back.
   */
  webhook(body: unknown, signature: unknown): Promise<{ received: boolean }> {
    return handleWebhook(this.em, this.deps, body, signature);
  }

  /** The test gateway's card form submit (no login: the session id is the key, as with MyFatoorah). */
  sandboxFillSession(sessionId: unknown, card: unknown): Promise<{ received: boolean }> {
    return this.sandbox.fillSession(sessionId, card);
  }

  sandboxPage(user: User | null, invoiceId: unknown, method?: unknown): Promise<SandboxPage> {
    return this.sandbox.page(user, invoiceId, method);
  }

  sandboxAct(user: User | null, invoiceId: unknown, action: unknown, card?: unknown): Promise<{ redirectUrl: string }> {
    return this.sandbox.act(user, invoiceId, action, card);
  }

  /** Admins: payments whose money must be given back, newest first. */
  async refundsOwed(user: User): Promise<Payment[]> {
    if (!isAdmin(user.role)) throw forbidden();
    return this.em.find(
      Payment,
      { status: { $in: ['refund_due', 'duplicate'] } },
      { populate: ['booking', 'serviceBooking', 'user'], orderBy: { createdAt: 'desc' }, limit: 200 },
    );
  }

  /** The attempts on one booking, for its user or an admin (they carry card details: not for the listing's host). */
  async forBooking(user: User | null, bookingId: unknown): Promise<Payment[]> {
    const b = await this.eligibility.ownBooking(user, bookingId);
    return this.em.find(Payment, { booking: b }, { orderBy: { createdAt: 'desc' } });
  }

  /** The attempts on one service booking, for its customer or an admin. */
  async forServiceBooking(user: User | null, serviceBookingId: unknown): Promise<Payment[]> {
    const s = await this.eligibility.serviceBooking(user, serviceBookingId, false);
    return this.em.find(Payment, { serviceBooking: s }, { orderBy: { createdAt: 'desc' } });
  }
}
