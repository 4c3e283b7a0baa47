/**
 * Embedded Payment (issue #24), the default way to pay by card: MyFatoorah's own card form runs on our checkout, so
 * card numbers go from the browser to MyFatoorah and never reach our server.
 *
 * 1. POST /api/payment/session → InitiateSession: `{session_id, country_code, script_url}`. The session is recorded
 *    as handed to this user for this booking (payment_sessions).
 * 2. The browser loads `script_url` (MyFatoorah's session.js; the test gateway's own in development), the customer
 *    enters the card in MyFatoorah's form, which keeps it with the session.
 * 3. POST /api/payment/execute {session_id} → ExecutePayment with the SessionId (3-D Secure on: never bypassed). The
 *    gateway's own record decides: paid, failed, or waiting for 3-D Secure in the browser (`payment_url`: the browser
 *    goes there and comes back through the hosted flow's return path, which asks the gateway again).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { badInput, conflict, unauthenticated } from '../common/errors.js';
import { PAYMENT_MESSAGES as PM } from '../../shared/payments.rules.js';
import type { User } from '../users/user.entity.js';
import { MyFatoorahError } from '../../integrations/myfatoorah/client.js';
import type { Payment } from './payment.entity.js';
import type { PayableRequest } from './payment.payable.js';
import { currentGateway, executeRequestCommon } from './payment.gateway.js';
import { PaymentEligibility } from './payment.eligibility.js';
import { PaymentSettlement } from './payment.settlement.js';
import { PaymentReconciliation } from './payment.reconciliation.js';
import { MISCONFIGURED, PaymentAttempts } from './payment.attempts.js';

export interface SessionResult {
  sessionId: string;
  countryCode: string;
  scriptUrl: string;
}

export interface ExecuteResult {
  success: boolean;
  /** paid; failed; requires_action (3-D Secure: go to paymentUrl); processing (the answer is not known yet). */
  status: 'paid' | 'failed' | 'requires_action' | 'processing';
  paymentUrl: string | null;
  bookingId: string | null;
  serviceBookingId: string | null;
  paymentId: string | null;
  error: string | null;
}

/** A session id as MyFatoorah (a GUID) or the test gateway (32 hex digits) writes it. */
const SESSION_ID = /^[0-9a-fA-F-]{32,36}$/;

export class PaymentSessions {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private eligibility() {
    return new PaymentEligibility(this.em, this.deps);
  }

  private conn() {
    return this.em.getConnection();
  }

  /** `target`: what the request names (payableFrom), checked as payable for this user. */
  async start(user: User | null, target: PayableRequest): Promise<SessionResult> {
    if (!user) throw unauthenticated();
    const e = await this.eligibility().requirePayable(user, target);
    // No second card form while an earlier payment's outcome is unknown: "we are confirming your payment".
    await new PaymentAttempts(this.em, this.deps).requireNoneUnconfirmed(e.payable);
    const gateway = await currentGateway(this.em, this.deps);
    let s;
    try {
      s = await gateway.initiateSession({ CustomerIdentifier: user.id, SaveToken: false });
    } catch (err) {
      if (err instanceof MyFatoorahError) throw badInput(err.kind === 'unauthorized' ? MISCONFIGURED : err.message);
      throw err;
    }
    await this.conn().execute(
      `insert into payment_sessions (session_id, user_id, booking_id, service_booking_id, gateway) values (?, ?, ?, ?, ?)`,
      [
        s.SessionId,
        user.id,
        e.payable.kind === 'booking' ? e.payable.id : null,
        e.payable.kind === 'service' ? e.payable.id : null,
        gateway.name,
      ],
    );
    return { sessionId: s.SessionId, countryCode: s.CountryCode, scriptUrl: gateway.scriptUrl };
  }

  async execute(user: User | null, target: PayableRequest, sessionId: unknown): Promise<ExecuteResult> {
    if (!user) throw unauthenticated();
    if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) throw badInput(PM.sessionUnknown, { field: 'sessionId' });
    const e = await this.eligibility().requirePayable(user, target);
    const gateway = await currentGateway(this.em, this.deps);
    // The session must be one we handed to this user for this booking, on this gateway, within the payment window,
    // and is used once: a second execute (double click, replay) is refused before anything is sent.
    const column = e.payable.kind === 'service' ? 'service_booking_id' : 'booking_id';
    const claimed = await this.conn().execute(
      `update payment_sessions set used_at = now()
        where session_id = ? and user_id = ? and ${column} = ? and gateway = ? and used_at is null
          and created_at > now() - (?::int * interval '1 minute') returning session_id`,
      [sessionId, user.id, e.payable.id, gateway.name, this.deps.env.paymentSessionMinutes],
    );
    if (!claimed.length) throw conflict(PM.sessionUnknown);

    const payment = await new PaymentAttempts(this.em, this.deps).openAttempt(e.payable, user, {
      method: 'gateway',
      gateway: gateway.name,
      status: 'initiated',
      subtotal: e.subtotal,
      vat: e.vat,
      amount: e.amount,
    });
    const answer = (p: Payment, paymentUrl: string | null): ExecuteResult => {
      const status = p.status === 'paid' ? 'paid' : p.status === 'failed' ? 'failed' : paymentUrl ? 'requires_action' : 'processing';
      return {
        success: status === 'paid',
        status,
        paymentUrl: status === 'requires_action' ? paymentUrl : null,
        bookingId: e.bookingId,
        serviceBookingId: e.serviceBookingId,
        paymentId: p.id,
        error: status === 'failed' ? (p.error ?? PM.paymentFailed) : status === 'processing' ? PM.unconfirmed : null,
      };
    };

    let inv;
    try {
      inv = await gateway.executePayment({
        SessionId: sessionId,
        ...(await executeRequestCommon(this.em, this.deps, {
          paymentId: payment.id,
          payable: e.payable,
          amount: e.amount,
          customerName: user.fullName,
          user,
        })),
      });
    } catch (err) {
      if (err instanceof MyFatoorahError && (err.kind === 'timeout' || err.kind === 'unreachable')) {
        // The gateway may have created the invoice and taken the payment (no challenge: Apple Pay, frictionless
        // cards): the outcome is unknown, never a failure — also when the connection broke, since the request may
        // have arrived before it did. Processing holds the booking and refuses a new attempt
        // until the gateway, asked by our reference (CustomerReference = the attempt's id), says what happened.
        await this.em
          .getConnection()
          .execute(`update payments set status = 'processing', updated_at = now() where id = ? and status = 'initiated'`, [payment.id]);
        await this.em.refresh(payment);
        return answer(await new PaymentReconciliation(this.em, this.deps).reconcile(payment), null);
      }
      const message = err instanceof MyFatoorahError ? err.message : PM.gatewayUnavailable;
      const failed = await new PaymentSettlement(this.em, this.deps).markFailed(payment, message);
      if (!(err instanceof MyFatoorahError)) throw err;
      return answer(failed, null);
    }
    payment.invoiceId = String(inv.InvoiceId);
    await this.em.flush();
    // The gateway's own record decides (paid without a challenge, declined, or waiting for 3-D Secure).
    const settled = await new PaymentReconciliation(this.em, this.deps).reconcile(payment);
    return answer(settled, inv.PaymentURL);
  }
}
