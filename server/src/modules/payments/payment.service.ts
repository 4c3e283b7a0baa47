import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { AppError, badInput, conflict, forbidden, notFound, unauthenticated } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { withVat } from '../common/money.js';
import { cardBrand, cardExpired, cardPaymentSchema, PAYMENT_MESSAGES as PM } from '../../shared/payments.rules.js';
import { User } from '../users/user.entity.js';
import { isAdmin } from '../common/roles.js';
import { Booking } from '../bookings/booking.entity.js';
import { ServiceBooking, ServiceBookingStatus } from '../service-bookings/service-booking.entity.js';
import { ServiceBookingService } from '../service-bookings/service-booking.service.js';
import { advanceBookings } from '../bookings/booking.service.js';
import { BOOKING_TOPICS, bookingChangedEvent, type BookingChangedEvent } from '../bookings/booking.events.js';
import { SettingsService, type MyFatoorahConfig } from '../settings/settings.service.js';
import { MyFatoorahClient, MyFatoorahError, type PaymentStatus } from '../../integrations/myfatoorah/client.js';
import {
  embeddedScriptUrl,
  HOSTED_METHODS,
  MyFatoorahGateway,
  type HostedMethod,
  type PaymentGateway,
} from '../../integrations/myfatoorah/gateway.js';
import { SANDBOX_ID, SandboxGateway, type SandboxPage } from '../../integrations/myfatoorah/sandbox.js';
import { Payment, type PaymentRowStatus } from './payment.entity.js';
import { refundDueEmail } from './payment.emails.js';
import { InvoiceService, issueInvoice } from '../invoices/invoice.service.js';
import { cardFromTransaction } from './card.js';
import { PAYMENT_TOPICS, type PaymentChangedEvent } from './payment.events.js';
import { handleWebhook } from './payment.webhook.js';
import { PaymentSessions } from './payment.session.js';
import { RefundService } from '../refunds/refund.service.js';
import { settlePaymentSplit, supplierShares } from '../payouts/payout.service.js';
import { isUuid } from '../../shared/ids.js';

const SUCCESS = new Set(['succss', 'success', 'succeeded', 'paid']);
const IN_FLIGHT: PaymentRowStatus[] = ['initiated', 'processing'];
/** The gateway took the money: never changed again by a replayed or late answer. */
const TAKEN = new Set<PaymentRowStatus>(['paid', 'duplicate', 'refund_due']);
/** A processing attempt without a gateway invoice this old never reached the gateway (the card is sent only after). */
const NO_INVOICE_GRACE_MS = 2 * 60_000;

/** What a payment pays: a resource booking or a service booking (a payment row has exactly one of the two). */
export interface Payable {
  kind: 'booking' | 'service';
  id: string;
}
const payableOf = (p: Payment): Payable =>
  p.serviceBooking ? { kind: 'service', id: p.serviceBooking.id } : { kind: 'booking', id: p.booking!.id };
/** The payments column and the query parameter naming what is paid. */
const payableColumn = (t: Payable) => (t.kind === 'service' ? 'service_booking_id' : 'booking_id');
/** The ORM filter of one payable's payments. */
const paymentsOf = (t: Payable) => (t.kind === 'service' ? { serviceBooking: t.id } : { booking: t.id });

/**
 * Which one a request pays: `service_booking_id` when given, else `booking_id` (the id is checked when it is loaded).
 * Both at once is refused.
 */
/** Runs one statement inside settle's transaction. */
type RunInTransaction = (q: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * Inside settle's transaction: whether a service booking can no longer take this payment (refund due). Its row is
 * locked, so an admin cancelling it at the same moment waits; one cancelled before the money arrived is not paid.
 */
async function serviceBookingGone(run: RunInTransaction, serviceBookingId: string): Promise<boolean> {
  const [s] = await run(`select status, payment_status from service_bookings where id = ? for update`, [serviceBookingId]);
  return s.status === 'cancelled' && s.payment_status !== 'paid';
}

export function payableFrom(raw: { booking_id?: unknown; service_booking_id?: unknown } | null | undefined): {
  kind: Payable['kind'];
  id: unknown;
} {
  const given = (v: unknown) => v !== undefined && v !== null && v !== '';
  if (given(raw?.service_booking_id)) {
    if (given(raw?.booking_id)) throw badInput(PM.oneTarget);
    return { kind: 'service', id: raw!.service_booking_id };
  }
  return { kind: 'booking', id: raw?.booking_id };
}

/**
 * The scheduler's pass over payment attempts left in flight (a time-out, a crash, a closed browser tab): each is
 * settled from the gateway's own record, or marked failed once its session is over with nothing charged.
 */
export async function reconcileStuckPayments(deps: Deps, limit = 50): Promise<number> {
  const em = deps.orm.em.fork() as EntityManager;
  const service = new PaymentService(em, deps);
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
      if ((await service.reconcile(p)).status !== before) changed++;
    } catch (err) {
      if (deps.env.logLevel !== 'silent') console.error(`[payments] reconciling payment ${p.id} failed:`, (err as Error)?.message ?? err);
    }
  }
  return changed;
}

/**
 * Which gateway takes payments: MyFatoorah once an API key is saved; without one, the built-in test gateway in
 * development and tests while test mode is on; otherwise none. Production never uses the test gateway (fails
 * closed): without a key, nobody can pay and the admin dashboard says so.
 */
function gatewayMode(cfg: Pick<MyFatoorahConfig, 'apiKey' | 'testMode'>, isProduction: boolean): 'myfatoorah' | 'sandbox' | null {
  if (cfg.apiKey) return 'myfatoorah';
  return cfg.testMode && !isProduction ? 'sandbox' : null;
}

/** Checkout without a gateway: a typed answer the client translates (reason payments_not_configured). */
const paymentsNotConfigured = () => new AppError('SERVICE_UNAVAILABLE', PM.notConfigured, { reason: 'payments_not_configured' });

export interface Eligibility {
  canPay: boolean;
  reason: string | null;
  message: string;
  /** The resource booking paid, or null when a service booking is. */
  bookingId: string | null;
  serviceBookingId: string | null;
  resourceTitle: string;
  subtotal: number;
  vat: number;
  amount: number;
  currency: string;
  paymentMethod: string;
  testMode: boolean;
  /** Whether checkout may show the published test cards: only with the built-in test gateway, never in production. */
  testCards: boolean;
  /** Whether our own card form may be used (merchant declared PCI certified); otherwise MyFatoorah's embedded form. */
  directCard: boolean;
}

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

export class PaymentService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /** MyFatoorah with the admin's key, or the built-in sandbox (see gatewayMode); none: payments_not_configured. */
  async gateway(): Promise<PaymentGateway> {
    const cfg = await new SettingsService(this.em, this.deps).getMyFatoorah();
    const mode = gatewayMode(cfg, this.deps.env.isProduction);
    if (mode === 'sandbox') return new SandboxGateway(this.em, this.deps.env.appUrl);
    if (mode !== 'myfatoorah' || !cfg.apiKey) throw paymentsNotConfigured();
    return new MyFatoorahGateway(
      new MyFatoorahClient({
        apiKey: cfg.apiKey,
        testMode: cfg.testMode,
        baseUrl: this.deps.env.myFatoorahBaseUrl,
        timeoutMs: this.deps.env.myFatoorahTimeoutMs,
      }),
      embeddedScriptUrl(cfg.testMode, this.deps.env.myFatoorahBaseUrl),
    );
  }

  /** Embedded Payment (payment.session.ts): POST /payment/session. */
  startSession(user: User | null, raw: unknown) {
    return new PaymentSessions(this.em, this.deps, this).start(user, payableFrom(raw as Record<string, unknown> | null));
  }

  /** Embedded Payment: POST /payment/execute with the session the card was entered into. */
  executeSession(user: User | null, raw: unknown) {
    const target = payableFrom(raw as Record<string, unknown> | null);
    return new PaymentSessions(this.em, this.deps, this).execute(user, target, (raw as { session_id?: unknown } | null)?.session_id);
  }

  /** Whether any gateway can take a payment now (the admin dashboard warns while not). */
  async configured(): Promise<boolean> {
    return gatewayMode(await new SettingsService(this.em, this.deps).getMyFatoorah(), this.deps.env.isProduction) !== null;
  }

  private get sessionMinutes() {
    return this.deps.env.paymentSessionMinutes;
  }

  private async loadOwnBooking(user: User | null, bookingId: unknown): Promise<Booking> {
    if (!user) throw unauthenticated();
    if (typeof bookingId !== 'string' || !isUuid(bookingId)) throw notFound(PM.bookingNotFound);
    const found = await this.em.findOne(Booking, { id: bookingId }, { populate: ['resource'] });
    // Another user's booking is indistinguishable from a missing one.
    if (!found || (found.user.id !== user.id && !isAdmin(user.role))) throw notFound(PM.bookingNotFound);
    // Expired holds are cancelled before we decide (the scheduler would within a minute).
    await advanceBookings(this.em, this.deps, found.resource.id);
    await this.em.refresh(found);
    return found;
  }

  /** Spec: POST /payment/validate-user-for-payment. */
  async eligibility(user: User | null, bookingId: unknown): Promise<Eligibility> {
    const b = await this.loadOwnBooking(user, bookingId);
    const money = withVat(b.totalAmount);
    const cfg = await new SettingsService(this.em, this.deps).getMyFatoorah();
    const mode = gatewayMode(cfg, this.deps.env.isProduction);
    const base = {
      bookingId: b.id,
      serviceBookingId: null,
      resourceTitle: b.resource.title,
      ...{ subtotal: money.subtotal, vat: money.vat, amount: money.total },
      currency: 'SAR',
      paymentMethod: 'card',
      testMode: cfg.testMode,
      testCards: mode === 'sandbox' && !this.deps.env.isProduction,
      directCard: cfg.pciCertified,
    };
    const no = (reason: string, message: string): Eligibility => ({ ...base, canPay: false, reason, message });
    if (!user!.emailVerified) return no('email_not_verified', PM.emailNotVerified);
    if (b.paymentStatus === 'paid') return no('already_paid', PM.alreadyPaid);
    // Expired: the scheduler cancelled the unpaid hold at (or after) its expiry, not its user or an admin before it.
    if (b.status === 'cancelled' && b.holdExpiresAt && b.cancelledAt && b.cancelledAt >= b.holdExpiresAt) return no('expired', PM.expired);
    if (b.status === 'cancelled') return no('cancelled', PM.cancelled);
    if (!['pending', 'confirmed'].includes(b.status)) return no('not_payable', PM.notPayable);
    if (!mode) return no('payments_not_configured', PM.notConfigured);
    return { ...base, canPay: true, reason: null, message: 'You can pay for this booking' };
  }

  /**
   * A service booking the caller may read (its customer, or an admin; anyone else cannot tell it exists: 404). With
   * `payer`, only its customer: an admin who can see it is refused (403), as paying is the customer's act.
   */
  private async loadServiceBooking(user: User | null, id: unknown, payer: boolean): Promise<ServiceBooking> {
    if (!user) throw unauthenticated();
    const s = await new ServiceBookingService(this.em, this.deps).get(user, id);
    if (payer && s.user.id !== user.id) throw forbidden(PM.serviceCustomerOnly);
    return s;
  }

  /**
   * POST /payment/validate-user-for-payment {service_booking_id}: its customer may pay once an admin confirmed it
   * with a quote and while payment is pending; the amount is the quote + 15% VAT, in halalas, as for bookings.
   */
  async serviceEligibility(user: User | null, serviceBookingId: unknown): Promise<Eligibility> {
    const s = await this.loadServiceBooking(user, serviceBookingId, true);
    const money = withVat(s.price ?? 0);
    const cfg = await new SettingsService(this.em, this.deps).getMyFatoorah();
    const mode = gatewayMode(cfg, this.deps.env.isProduction);
    const base = {
      bookingId: null,
      serviceBookingId: s.id,
      resourceTitle: s.serviceName,
      ...{ subtotal: money.subtotal, vat: money.vat, amount: money.total },
      currency: 'SAR',
      paymentMethod: 'card',
      testMode: cfg.testMode,
      testCards: mode === 'sandbox' && !this.deps.env.isProduction,
      directCard: cfg.pciCertified,
    };
    const no = (reason: string, message: string): Eligibility => ({ ...base, canPay: false, reason, message });
    if (!user!.emailVerified) return no('email_not_verified', PM.emailNotVerified);
    if (s.paymentStatus === 'paid') return no('already_paid', PM.serviceAlreadyPaid);
    if (s.status === ServiceBookingStatus.cancelled) return no('cancelled', PM.serviceCancelled);
    if (s.status === ServiceBookingStatus.pending || s.priceHalalas === null) return no('not_confirmed', PM.serviceNotConfirmed);
    if (s.status !== ServiceBookingStatus.confirmed) return no('not_payable', PM.serviceNotPayable);
    if (!mode) return no('payments_not_configured', PM.notConfigured);
    return { ...base, canPay: true, reason: null, message: 'You can pay for this service booking' };
  }

  /** The eligibility of what a request names (a booking or a service booking). */
  eligibilityOf(user: User | null, target: { kind: Payable['kind']; id: unknown }): Promise<Eligibility> {
    return target.kind === 'service' ? this.serviceEligibility(user, target.id) : this.eligibility(user, target.id);
  }

  async requirePayable(user: User | null, target: { kind: Payable['kind']; id: unknown }) {
    const e = await this.eligibilityOf(user, target);
    if (!e.canPay) {
      if (e.reason === 'payments_not_configured') throw paymentsNotConfigured();
      throw e.reason === 'email_not_verified'
        ? forbidden(e.message)
        : e.reason === 'already_paid'
          ? conflict(e.message)
          : badInput(e.message);
    }
    const payable: Payable = e.serviceBookingId ? { kind: 'service', id: e.serviceBookingId } : { kind: 'booking', id: e.bookingId! };
    return { ...e, payable };
  }

  private publish(p: Payment) {
    this.deps.bus.publish(PAYMENT_TOPICS.paymentChanged, {
      paymentId: p.id,
      bookingId: p.booking?.id ?? null,
      serviceBookingId: p.serviceBooking?.id ?? null,
      userId: p.user.id,
      status: p.status,
    } satisfies PaymentChangedEvent);
  }

  /**
   * Where the gateway sends the browser back: the admin's success/error URLs when set (settings), else APP_URL's
   * /payment/success and /payment/error; either way with ?booking_id= (or ?service_booking_id=). The return itself is
   * never trusted: the success page asks the server, which asks the gateway (confirmReturn).
   */
  async returnUrls(target: Payable) {
    const cfg = await new SettingsService(this.em, this.deps).getMyFatoorah();
    const base = this.deps.env.appUrl;
    const url = (configured: string | null, fallback: string) => {
      const u = new URL(configured || fallback);
      u.searchParams.set(payableColumn(target), target.id);
      return u.toString();
    };
    return {
      CallBackUrl: url(cfg.successUrl, `${base}/payment/success`),
      ErrorUrl: url(cfg.errorUrl, `${base}/payment/error`),
    };
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
      const r = await this.reconcile(p);
      if (r.status === 'paid') throw conflict(target.kind === 'service' ? PM.serviceAlreadyPaid : PM.alreadyPaid);
    }
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
  async directCharge(user: User | null, raw: unknown): Promise<ChargeResult> {
    if (!user) throw unauthenticated();
    // Card numbers reach our server only for a merchant an admin declared PCI DSS certified (issue #24).
    if (!(await new SettingsService(this.em, this.deps).getMyFatoorah()).pciCertified) throw conflict(PM.directNotAllowed);
    const target = payableFrom(raw as Record<string, unknown> | null);
    // The card rules check the id's shape under booking_id, whichever of the two is paid.
    const card = parse(cardPaymentSchema, { ...(raw as object), booking_id: target.id });
    const e = await this.requirePayable(user, { kind: target.kind, id: card.booking_id });
    if (cardExpired(card.month, card.year)) throw badInput(PM.cardExpired, { field: 'expiry_month' });
    const brand = cardBrand(card.number);
    if (brand === 'mada') throw badInput(PM.madaHosted, { field: 'card_number' });

    const gateway = await this.gateway();
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
    const fail = async (message: string): Promise<ChargeResult> => answer(await this.markFailed(payment, message));

    // Until the card is sent, any failure is safe to report: nothing can have been charged.
    let inv;
    try {
      const methods = await gateway.methods(e.amount);
      if (methods.direct < 0) return await fail('Direct card payment is not enabled for this merchant. Please use the payment gateway.');
      inv = await gateway.executePayment({
        PaymentMethodId: methods.direct,
        InvoiceValue: e.amount,
        DisplayCurrencyIso: 'SAR',
        CustomerName: card.holder,
        CustomerEmail: user.email,
        Language: user.locale,
        CustomerReference: payment.id,
        UserDefinedField: e.payable.id,
        ExpiryDate: this.sessionEnd(),
        ...(await this.returnUrls(e.payable)),
        ...(await supplierShares(this.em, this.deps, payment.id, e.payable, e.amount)),
      });
      payment.invoiceId = String(inv.InvoiceId);
      await this.em.flush();
    } catch (err) {
      if (err instanceof MyFatoorahError)
        return fail(err.kind === 'unauthorized' ? 'The payment gateway is misconfigured. Please contact support.' : err.message);
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
        return fail(err.kind === 'unauthorized' ? 'The payment gateway is misconfigured. Please contact support.' : err.message);
      if (!(err instanceof MyFatoorahError))
        console.error(`[payments] direct payment ${payment.id}: unexpected error, outcome unknown:`, (err as Error)?.message);
      return answer(await this.reconcile(payment));
    }
    if (String(result.Status).toUpperCase() !== 'SUCCESS') return await fail(result.ErrorMessage || PM.paymentFailed);
    // Trust the gateway's record, not the answer in hand: ask for the invoice's status.
    return answer(await this.reconcile(payment));
  }

  /** When a new payment session ends: the gateway refuses payment on the invoice after that (ISO 8601, UTC). */
  sessionEnd() {
    return new Date(Date.now() + this.sessionMinutes * 60_000).toISOString();
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
    const e = await this.requirePayable(user, { kind, id: bookingId });
    const gateway = await this.gateway();
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
        InvoiceValue: e.amount,
        DisplayCurrencyIso: 'SAR',
        CustomerName: user.fullName,
        CustomerEmail: user.email,
        Language: user.locale,
        CustomerReference: payment.id,
        UserDefinedField: e.payable.id,
        ExpiryDate: this.sessionEnd(),
        ...(await this.returnUrls(e.payable)),
        ...(await supplierShares(this.em, this.deps, payment.id, e.payable, e.amount)),
      });
      payment.invoiceId = String(inv.InvoiceId);
      await this.em.flush();
      return { success: true, paymentUrl: inv.PaymentURL, error: null };
    } catch (err) {
      // No payment page was handed out, so nothing can be paid on this attempt.
      await this.markFailed(payment, err instanceof MyFatoorahError ? err.message : PM.gatewayUnavailable);
      if (!(err instanceof MyFatoorahError)) throw err;
      return { success: false, paymentUrl: null, error: err.message };
    }
  }

  /**
   * Asks the gateway about one attempt still in flight and settles it from the answer. An attempt whose outcome is
   * still unknown stays as it is; once its payment session is over with nothing charged it is marked failed.
   */
  async reconcile(p: Payment): Promise<Payment> {
    if (!IN_FLIGHT.includes(p.status)) return p;
    const age = Date.now() - p.createdAt.getTime();
    const over = age > this.sessionMinutes * 60_000;
    if (!p.invoiceId)
      return age > NO_INVOICE_GRACE_MS ? this.markFailed(p, p.method === 'gateway' ? PM.sessionExpired : PM.gatewayUnavailable) : p;
    let status: PaymentStatus;
    try {
      const gateway = await this.gateway();
      if (gateway.name !== p.gateway) return p; // the admin switched gateways: that one is asked no more
      status = await gateway.getPaymentStatus(p.invoiceId, 'InvoiceId');
    } catch (err) {
      if (!(err instanceof MyFatoorahError)) console.error(`[payments] reconciling payment ${p.id}:`, (err as Error)?.message ?? err);
      return p; // unknown: ask again later
    }
    await this.settle(p, status);
    if (IN_FLIGHT.includes(p.status) && over) return this.markFailed(p, PM.sessionExpired);
    return p;
  }

  /** An attempt in flight → failed (conditional: never overwrites an answer that arrived meanwhile). */
  async markFailed(p: Payment, message: string): Promise<Payment> {
    const n = await this.em
      .getConnection()
      .execute(
        `update payments set status = 'failed', error = ?, updated_at = now() where id = ? and status in ('initiated', 'processing')`,
        [message, p.id],
        'run',
      );
    await this.em.refresh(p);
    if ((n as { affectedRows?: number })?.affectedRows !== 0) await this.announce(p, 'payment_failed');
    return p;
  }

  /** After commit: the payment's change, and the booking's (bookingUpdated carries failures too). */
  private async announce(p: Payment, kind: BookingChangedEvent['kind']) {
    this.publish(p);
    if (p.serviceBooking) {
      const em = this.deps.orm.em.fork() as EntityManager;
      const s = await em.findOne(ServiceBooking, { id: p.serviceBooking.id });
      if (s) new ServiceBookingService(em, this.deps).publish(s, kind as 'paid' | 'payment_failed' | 'refund_due');
      return;
    }
    const b = await this.deps.orm.em.fork().findOne(Booking, { id: p.booking!.id }, { populate: ['resource'] });
    if (!b) return;
    this.deps.bus.publish(BOOKING_TOPICS.bookingChanged, bookingChangedEvent(b, kind));
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
    const paid: Payable =
      kind === 'service'
        ? { kind, id: (await this.loadServiceBooking(user, bookingId, false)).id }
        : { kind, id: (await this.loadOwnBooking(user, bookingId)).id };
    if (typeof gatewayPaymentId !== 'string' || !/^[\w-]{1,64}$/.test(gatewayPaymentId)) throw badInput('Invalid payment reference');
    const gateway = await this.gateway();
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
    return this.settle(payment, status);
  }

  /**
   * Applies the gateway's word to a payment, once. Paid: the payment gets its transaction and invoice number, the
   * booking becomes confirmed and paid. Failed: recorded; the booking stays payable. Replays change nothing.
   *
   * A booking that is no longer payable is never silently marked paid: the listing row is locked (as deleting a
   * listing does) and then the booking row; a booking whose hold lapsed (listing still there) is reinstated if its
   * dates are still free (the exclusion constraint decides, in this transaction); otherwise — dates taken, listing
   * deleted, or cancelled on purpose by its user or an admin — the payment is recorded as refund_due (money taken,
   * refund owed), logged and audited, and the customer is emailed.
   */
  async settle(payment: Payment, status: PaymentStatus): Promise<Payment> {
    if (TAKEN.has(payment.status)) return payment;
    if (status.CustomerReference && status.CustomerReference !== payment.id) throw badInput('Payment does not match this booking');
    const txs = status.InvoiceTransactions ?? [];
    const ok = txs.find((t) => SUCCESS.has(String(t.TransactionStatus).toLowerCase()));
    const paid = String(status.InvoiceStatus).toLowerCase() === 'paid' && ok;

    if (!paid) {
      const last = txs.at(-1);
      if (!last || String(last.TransactionStatus).toLowerCase() === 'inprogress') return payment; // nothing decided yet
      return this.markFailed(payment, last.Error || PM.paymentFailed);
    }

    let outcome: 'paid' | 'duplicate' | 'refund_due' | 'replay' = 'replay';
    const paidCard = cardFromTransaction(ok!); // hosted payments: what the gateway says the customer paid with
    // The seller block of the invoice this settlement may issue (read first: the embedded database is one session).
    const seller = await new SettingsService(this.deps.orm.em.fork() as EntityManager, this.deps).getGeneral();
    await this.em.transactional(async (tem) => {
      const tx = tem.getTransactionContext();
      const c = tem.getConnection();
      const run = (q: string, params: unknown[]) => c.execute<Array<Record<string, unknown>>>(q, params, 'all', tx);
      const refund = payment.serviceBooking
        ? await serviceBookingGone(run, payment.serviceBooking.id)
        : await this.bookingGone(run, payment.booking!.id);
      if (refund) {
        const rows = await run(
          `update payments set status = 'refund_due', payment_id = ?, transaction_id = ?, paid_at = now(), error = ?, updated_at = now(),
             card_brand = coalesce(card_brand, ?), card_last4 = coalesce(card_last4, ?)
           where id = ? and status in ('initiated', 'processing', 'failed') returning id`,
          [
            ok!.PaymentId,
            ok!.TransactionId,
            payment.serviceBooking ? PM.serviceRefundDue : PM.refundDue,
            paidCard.brand,
            paidCard.last4,
            payment.id,
          ],
        );
        if (rows.length) outcome = 'refund_due';
        return;
      }
      try {
        await run('savepoint settle', []);
        const rows = await run(
          `update payments set status = 'paid', payment_id = ?, transaction_id = ?, paid_at = now(), error = null, updated_at = now(),
             card_brand = coalesce(card_brand, ?), card_last4 = coalesce(card_last4, ?)
           where id = ? and status in ('initiated', 'processing', 'failed') returning id`,
          [ok!.PaymentId, ok!.TransactionId, paidCard.brand, paidCard.last4, payment.id],
        );
        if (!rows.length) return;
        outcome = 'paid';
      } catch (err) {
        if ((err as { code?: string }).code !== '23505') throw err;
        // Another payment already paid this booking: keep the record for a manual refund.
        await run('rollback to savepoint settle', []);
        await run(
          `update payments set status = 'duplicate', payment_id = ?, transaction_id = ?, paid_at = now(), error = ?, updated_at = now() where id = ?`,
          [ok!.PaymentId, ok!.TransactionId, PM.duplicate, payment.id],
        );
        outcome = 'duplicate';
        return;
      }
      if (payment.serviceBooking)
        await run(`update service_bookings set payment_status = 'paid', payment_method = ?, updated_at = now() where id = ?`, [
          payment.method,
          payment.serviceBooking.id,
        ]);
      else
        await run(
          `update bookings set payment_status = 'paid', hold_expires_at = null, updated_at = now(),
             status = case when status = 'pending' then 'confirmed' else status end
           where id = ?`,
          [payment.booking!.id],
        );
      // The invoice is issued now: its number and everything it shows are written together (a check requires both)
      // in this transaction, and the invoice is read back from the snapshot ever after.
      await issueInvoice(run, payment.id, seller);
      await settlePaymentSplit(run, payment.id);
    });
    await this.em.refresh(payment, { populate: ['booking', 'booking.resource', 'serviceBooking', 'user'] } as never);
    if (outcome === 'replay') return payment;
    if (outcome === 'paid') {
      await this.announce(payment, 'paid');
      this.sendConfirmation(payableOf(payment));
      this.wakeZatca();
    } else {
      await this.announce(payment, 'refund_due');
      await this.refundOwed(payment);
    }
    return payment;
  }

  /**
   * Inside settle's transaction: whether a booking can no longer take this payment (refund due). The listing row is
   * locked first, the order deleting a listing uses (a payment cannot land in between), then the booking; a hold
   * that lapsed is reinstated here when its dates are still free.
   */
  private async bookingGone(run: RunInTransaction, bookingId: string): Promise<boolean> {
    const [r] = await run(
      `select r.id, r.deleted_at from resources r join bookings b on b.resource_id = r.id where b.id = ? for share of r`,
      [bookingId],
    );
    const [b] = await run(
      `select status, payment_status, (cancelled_at >= hold_expires_at) as lapsed from bookings where id = ? for update`,
      [bookingId],
    );
    let refund = false;
    if (b.status === 'cancelled' && b.payment_status !== 'paid') {
      refund = true;
      // Only a hold that lapsed is reinstated; a booking its user or an admin cancelled stays cancelled (refund).
      if (!r.deleted_at && b.lapsed) {
        await run('savepoint reinstate', []);
        try {
          await run(
            `update bookings set status = 'confirmed', cancelled_at = null, hold_expires_at = null, updated_at = now() where id = ? and status = 'cancelled'`,
            [bookingId],
          );
          refund = false;
        } catch (err) {
          if ((err as { code?: string }).code !== '23P01') throw err; // its dates were booked by someone else meanwhile
          await run('rollback to savepoint reinstate', []);
        }
      }
    }
    return refund;
  }

  /**
   * Money taken that we cannot honour (refund_due, duplicate): an audit entry and a log line for admins (who list
   * them at GET /api/admin/payments/refunds), and an email to the customer. Never undoes the payment.
   */
  private async refundOwed(p: Payment) {
    const b = p.booking;
    const s = p.serviceBooking;
    const paid = payableOf(p);
    const title = s ? s.serviceName : b!.resource.title;
    console.warn(
      `[payments] refund owed: payment ${p.id} (${p.status}) on ${paid.kind} ${paid.id}, ${p.amount.toFixed(2)} SAR, gateway payment ${p.paymentId}`,
    );
    try {
      await this.em
        .getConnection()
        .execute(
          `insert into audit_log (id, actor_id, actor_email, action, entity_type, entity_id, entity_label, before, after) values (?, null, ?, ?, 'payment', ?, ?, ?, ?)`,
          [
            randomUUID(),
            'system',
            `payment.${p.status}`,
            p.id,
            title,
            JSON.stringify(
              s ? { service_booking_id: s.id, service_booking_status: s.status } : { booking_id: b!.id, booking_status: b!.status },
            ),
            JSON.stringify({
              status: p.status,
              amount: p.amount,
              currency: p.currency,
              payment_id: p.paymentId,
              transaction_id: p.transactionId,
            }),
          ],
        );
    } catch (err) {
      console.error(`[payments] audit entry for payment ${p.id} failed:`, (err as Error)?.message);
    }
    const to = p.user;
    void this.deps.mailer
      .send(
        refundDueEmail({
          to: to.email,
          name: to.fullName,
          locale: to.locale === 'ar' ? 'ar' : 'en',
          title,
          amount: p.amount,
          reference: p.transactionId ?? p.id,
          duplicate: p.status === 'duplicate',
          service: !!s,
        }),
      )
      .catch((err) => console.error(`[payments] refund email for payment ${p.id} failed:`, (err as Error)?.message));
    // Refunded in full automatically, through the same path as a cancellation (the reconciliation pass retries).
    await new RefundService(this.em, this.deps)
      .forOwed(p)
      .catch((err) => console.error(`[payments] recording the refund of payment ${p.id} failed:`, (err as Error)?.message));
  }

  /**
   * The confirmation email with the invoice, after commit and off the request path (its own EntityManager);
   * a mail failure is logged and never undoes the payment.
   */
  /** ZATCA phase 2 (when configured): the worker signs and submits the new invoice now rather than at its next pass. */
  private wakeZatca() {
    if (this.deps.env.zatca) this.deps.jobs.send('zatca.pass', {}).catch(() => undefined);
  }

  private sendConfirmation(paid: Payable) {
    const em = this.deps.orm.em.fork();
    void new InvoiceService(em, this.deps)
      .sendConfirmation(paid)
      .catch((err) => console.error(`[payments] confirmation email for ${paid.kind} ${paid.id} failed:`, err));
  }

  /**
   * MyFatoorah's Webhook v2: verified per event type and dispatched (payment.webhook.ts). A payment event re-reads
   * the payment from the gateway and settles it (idempotent), which also settles payments whose browser never came back.
   */
  webhook(body: unknown, signature: unknown): Promise<{ received: boolean }> {
    return handleWebhook(this, this.em, this.deps, body, signature);
  }

  /** A payment event (webhook): our attempt on that invoice, settled from the gateway's own record. */
  async settleInvoice(invoiceId: string): Promise<void> {
    const payment = await this.em.findOne(Payment, { invoiceId }, { populate: ['booking', 'serviceBooking', 'user'] });
    if (!payment) return; // not ours (or already purged): acknowledged so it is not retried forever
    const gateway = await this.gateway();
    if (gateway.name !== payment.gateway) return;
    await this.settle(payment, await gateway.getPaymentStatus(invoiceId, 'InvoiceId'));
  }

  /**
   * The built-in test gateway's hosted page, for the attempt's own payer only (logged in; anyone else, and every
   * request in production, gets NOT_FOUND). `act` pays or fails it and answers where the browser goes next.
   */
  private async sandboxFor(user: User | null, invoiceId: unknown): Promise<SandboxGateway> {
    if (!user) throw unauthenticated();
    if (this.deps.env.isProduction || typeof invoiceId !== 'string' || !SANDBOX_ID.test(invoiceId)) throw notFound();
    const p = await this.em.findOne(Payment, { invoiceId, gateway: 'sandbox', method: 'gateway' });
    if (!p || p.user.id !== user.id) throw notFound();
    return new SandboxGateway(this.em, this.deps.env.appUrl);
  }

  /** The test gateway's card form submit (no login: the session id is the key, as with MyFatoorah). */
  async sandboxFillSession(sessionId: unknown, card: unknown): Promise<{ received: boolean }> {
    if (this.deps.env.isProduction) throw notFound();
    if (!(await new SandboxGateway(this.em, this.deps.env.appUrl).fillSession(sessionId, card))) throw notFound(PM.sessionUnknown);
    return { received: true };
  }

  async sandboxPage(user: User | null, invoiceId: unknown, method?: unknown): Promise<SandboxPage> {
    const page = await (await this.sandboxFor(user, invoiceId)).details(invoiceId as string, method);
    if (!page) throw notFound();
    return page;
  }

  async sandboxAct(user: User | null, invoiceId: unknown, action: unknown, card?: unknown): Promise<{ redirectUrl: string }> {
    if (action !== 'succeed' && action !== 'fail') throw notFound();
    const target = await (await this.sandboxFor(user, invoiceId)).act(invoiceId as string, action === 'succeed', card);
    if (!target) throw badInput('Unknown test card', { field: 'card' });
    return { redirectUrl: target };
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
    const b = await this.loadOwnBooking(user, bookingId);
    return this.em.find(Payment, { booking: b }, { orderBy: { createdAt: 'desc' } });
  }

  /** The attempts on one service booking, for its customer or an admin. */
  async forServiceBooking(user: User | null, serviceBookingId: unknown): Promise<Payment[]> {
    const s = await this.loadServiceBooking(user, serviceBookingId, false);
    return this.em.find(Payment, { serviceBooking: s }, { orderBy: { createdAt: 'desc' } });
  }
}
