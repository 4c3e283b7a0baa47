import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { badInput, conflict, forbidden, notFound, unauthenticated } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { withVat } from '../common/money.js';
import { cardBrand, cardExpired, cardPaymentSchema, PAYMENT_MESSAGES as PM } from '../../shared/payments.rules.js';
import type { User } from '../users/user.entity.js';
import { isAdmin } from '../users/roles.js';
import { Booking } from '../bookings/booking.entity.js';
import { advanceBookings } from '../bookings/booking.service.js';
import { BOOKING_TOPICS, type BookingChangedEvent } from '../bookings/booking.events.js';
import { SettingsService } from '../settings/settings.service.js';
import { MyFatoorahClient, MyFatoorahError, type PaymentStatus } from '../../integrations/myfatoorah/client.js';
import { MyFatoorahGateway, type PaymentGateway } from '../../integrations/myfatoorah/gateway.js';
import { SandboxGateway } from '../../integrations/myfatoorah/sandbox.js';
import { Payment } from './payment.entity.js';
import { InvoiceService } from '../invoices/invoice.service.js';
import { cardFromTransaction } from '../invoices/card.js';
import { PAYMENT_TOPICS, type PaymentChangedEvent } from './payment.events.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUCCESS = new Set(['succss', 'success', 'succeeded', 'paid']);

export interface Eligibility {
  canPay: boolean;
  reason: string | null;
  message: string;
  bookingId: string;
  resourceTitle: string;
  subtotal: number;
  vat: number;
  amount: number;
  currency: string;
  paymentMethod: string;
  testMode: boolean;
}

export interface ChargeResult {
  success: boolean;
  transactionId: string | null;
  bookingId: string;
  paymentId: string | null;
  error: string | null;
}

export class PaymentService {
  constructor(private em: EntityManager, private deps: Deps) {}

  /** MyFatoorah with the admin's key, or the built-in sandbox when test mode is on and no key is set. */
  async gateway(): Promise<PaymentGateway> {
    const cfg = await new SettingsService(this.em, this.deps).getMyFatoorah();
    if (!cfg.apiKey) {
      if (cfg.testMode) return new SandboxGateway(this.em, this.deps.env.appUrl);
      throw badInput('Online payments are not configured yet. Please contact support.');
    }
    return new MyFatoorahGateway(new MyFatoorahClient({ apiKey: cfg.apiKey, testMode: cfg.testMode, baseUrl: this.deps.env.myFatoorahBaseUrl }));
  }

  private async loadOwnBooking(user: User | null, bookingId: unknown): Promise<Booking> {
    if (!user) throw unauthenticated();
    if (typeof bookingId !== 'string' || !UUID.test(bookingId)) throw notFound(PM.bookingNotFound);
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
    const base = {
      bookingId: b.id,
      resourceTitle: b.resource.title,
      ...{ subtotal: money.subtotal, vat: money.vat, amount: money.total },
      currency: 'SAR',
      paymentMethod: 'card',
      testMode: cfg.testMode,
    };
    const no = (reason: string, message: string): Eligibility => ({ ...base, canPay: false, reason, message });
    if (!user!.emailVerified) return no('email_not_verified', PM.emailNotVerified);
    if (b.paymentStatus === 'paid') return no('already_paid', PM.alreadyPaid);
    if (b.status === 'cancelled') return no('cancelled', PM.cancelled);
    if (!['pending', 'confirmed'].includes(b.status)) return no('not_payable', PM.notPayable);
    return { ...base, canPay: true, reason: null, message: 'You can pay for this booking' };
  }

  private async requirePayable(user: User | null, bookingId: unknown) {
    const e = await this.eligibility(user, bookingId);
    if (!e.canPay) throw e.reason === 'email_not_verified' ? forbidden(e.message) : e.reason === 'already_paid' ? conflict(e.message) : badInput(e.message);
    return e;
  }

  private publish(p: Payment) {
    this.deps.bus.publish(PAYMENT_TOPICS.paymentChanged, {
      paymentId: p.id,
      bookingId: p.booking.id,
      userId: p.user.id,
      status: p.status,
    } satisfies PaymentChangedEvent);
  }

  private returnUrls(bookingId: string) {
    const base = this.deps.env.appUrl;
    return {
      CallBackUrl: `${base}/payment/success?booking_id=${bookingId}`,
      ErrorUrl: `${base}/payment/error?booking_id=${bookingId}`,
    };
  }

  /** Spec: POST /payment/direct-charge. A decline or gateway error is an answer (success false), not an exception. */
  async directCharge(user: User | null, raw: unknown): Promise<ChargeResult> {
    if (!user) throw unauthenticated();
    const card = parse(cardPaymentSchema, raw);
    const e = await this.requirePayable(user, card.booking_id);
    if (cardExpired(card.month, card.year)) throw badInput(PM.cardExpired, { field: 'expiry_month' });
    const brand = cardBrand(card.number);
    if (brand === 'mada') throw badInput(PM.madaHosted, { field: 'card_number' });

    const gateway = await this.gateway();
    const booking = this.em.getReference(Booking, e.bookingId);
    const payment = this.em.create(Payment, {
      booking,
      user,
      method: 'card',
      gateway: gateway.name,
      status: 'processing',
      subtotal: e.subtotal,
      vat: e.vat,
      amount: e.amount,
      cardBrand: brand,
      cardLast4: card.number.slice(-4),
    });
    try {
      await this.em.flush();
    } catch (err) {
      // Double click, two tabs: the partial unique index lets one charge through.
      if ((err as { code?: string }).code === '23505') throw conflict(PM.inProgress);
      throw err;
    }

    const fail = async (message: string): Promise<ChargeResult> => {
      payment.status = 'failed';
      payment.error = message;
      await this.em.flush();
      this.publish(payment);
      return { success: false, transactionId: null, bookingId: e.bookingId, paymentId: payment.id, error: message };
    };

    try {
      const methods = await gateway.methods(e.amount);
      if (methods.direct < 0) return await fail('Direct card payment is not enabled for this merchant. Please use the payment gateway.');
      const inv = await gateway.executePayment({
        PaymentMethodId: methods.direct,
        InvoiceValue: e.amount,
        DisplayCurrencyIso: 'SAR',
        CustomerName: card.holder,
        CustomerEmail: user.email,
        Language: user.locale,
        CustomerReference: payment.id,
        UserDefinedField: e.bookingId,
        ...this.returnUrls(e.bookingId),
      });
      payment.invoiceId = String(inv.InvoiceId);
      await this.em.flush();
      const result = await gateway.directPayment(inv.PaymentURL, {
        Number: card.number,
        ExpiryMonth: card.month,
        ExpiryYear: card.year.slice(-2),
        SecurityCode: card.cvv,
        CardHolderName: card.holder,
      });
      if (String(result.Status).toUpperCase() !== 'SUCCESS') return await fail(result.ErrorMessage || PM.paymentFailed);
      // Trust the gateway's record, not the answer in hand: ask for the invoice's status.
      const status = await gateway.getPaymentStatus(String(inv.InvoiceId), 'InvoiceId');
      const settled = await this.settle(payment, status);
      return settled.status === 'paid'
        ? { success: true, transactionId: settled.transactionId, bookingId: e.bookingId, paymentId: payment.id, error: null }
        : { success: false, transactionId: null, bookingId: e.bookingId, paymentId: payment.id, error: settled.error ?? PM.paymentFailed };
    } catch (err) {
      if (err instanceof MyFatoorahError) return fail(err.kind === 'unauthorized' ? 'The payment gateway is misconfigured. Please contact support.' : err.message);
      await fail(PM.gatewayUnavailable);
      throw err;
    }
  }

  /** Spec: POST /payment/initiate?booking_id= → {success, payment_url}; the browser then goes to the gateway. */
  async initiate(user: User | null, bookingId: unknown): Promise<{ success: boolean; paymentUrl: string | null; error: string | null }> {
    if (!user) throw unauthenticated();
    const e = await this.requirePayable(user, bookingId);
    const gateway = await this.gateway();
    const payment = this.em.create(Payment, {
      booking: this.em.getReference(Booking, e.bookingId),
      user,
      method: 'gateway',
      gateway: gateway.name,
      status: 'initiated',
      subtotal: e.subtotal,
      vat: e.vat,
      amount: e.amount,
    });
    await this.em.flush();
    try {
      const methods = await gateway.methods(e.amount);
      const inv = await gateway.executePayment({
        PaymentMethodId: methods.hosted,
        InvoiceValue: e.amount,
        DisplayCurrencyIso: 'SAR',
        CustomerName: user.fullName,
        CustomerEmail: user.email,
        Language: user.locale,
        CustomerReference: payment.id,
        UserDefinedField: e.bookingId,
        ...this.returnUrls(e.bookingId),
      });
      payment.invoiceId = String(inv.InvoiceId);
      await this.em.flush();
      return { success: true, paymentUrl: inv.PaymentURL, error: null };
    } catch (err) {
      if (!(err instanceof MyFatoorahError)) throw err;
      payment.status = 'failed';
      payment.error = err.message;
      await this.em.flush();
      return { success: false, paymentUrl: null, error: err.message };
    }
  }

  /**
   * The browser came back from the gateway with ?paymentId=…: never trusted as such. We ask the gateway
   * for that payment's invoice and settle our payment row from its answer.
   */
  async confirmReturn(user: User | null, bookingId: unknown, gatewayPaymentId: unknown): Promise<Payment> {
    const booking = await this.loadOwnBooking(user, bookingId);
    if (typeof gatewayPaymentId !== 'string' || !/^[\w-]{1,64}$/.test(gatewayPaymentId)) throw badInput('Invalid payment reference');
    const gateway = await this.gateway();
    let status: PaymentStatus;
    try {
      status = await gateway.getPaymentStatus(gatewayPaymentId, 'PaymentId');
    } catch (err) {
      if (err instanceof MyFatoorahError) throw badInput(err.kind === 'rejected' ? 'Payment not found' : err.message);
      throw err;
    }
    const payment = await this.em.findOne(Payment, { invoiceId: String(status.InvoiceId), booking }, { populate: ['booking', 'user'] });
    if (!payment) throw notFound('Payment not found');
    return this.settle(payment, status);
  }

  /**
   * Applies the gateway's word to a payment, once. Paid: the payment gets its transaction and invoice number,
   * the booking becomes confirmed and paid. Failed: recorded; the booking stays payable. Replays change nothing.
   */
  async settle(payment: Payment, status: PaymentStatus): Promise<Payment> {
    if (payment.status === 'paid' || payment.status === 'duplicate') return payment;
    if (status.CustomerReference && status.CustomerReference !== payment.id) throw badInput('Payment does not match this booking');
    const txs = status.InvoiceTransactions ?? [];
    const ok = txs.find((t) => SUCCESS.has(String(t.TransactionStatus).toLowerCase()));
    const paid = String(status.InvoiceStatus).toLowerCase() === 'paid' && ok;
    const conn = this.em.getConnection();

    if (!paid) {
      const last = txs.at(-1);
      if (!last || String(last.TransactionStatus).toLowerCase() === 'inprogress') return payment; // nothing decided yet
      await conn.execute(`update payments set status = 'failed', error = ?, updated_at = now() where id = ? and status in ('initiated', 'processing')`, [
        last.Error || PM.paymentFailed,
        payment.id,
      ]);
      await this.em.refresh(payment);
      this.publish(payment);
      return payment;
    }

    let duplicate = false;
    const paidCard = cardFromTransaction(ok!); // hosted payments: what the gateway says the customer paid with
    let settledNow = false; // this call (not a replay or a concurrent settle) made the payment paid
    await this.em.transactional(async (tem) => {
      const tx = tem.getTransactionContext();
      const c = tem.getConnection();
      try {
        await c.execute('savepoint settle', [], 'run', tx);
        const rows = await c.execute<Array<{ id: string }>>(
          `update payments set status = 'paid', payment_id = ?, transaction_id = ?, paid_at = now(), error = null,
             invoice_number = nextval('invoice_number_seq'), updated_at = now(),
             card_brand = coalesce(card_brand, ?), card_last4 = coalesce(card_last4, ?)
           where id = ? and status in ('initiated', 'processing', 'failed') returning id`,
          [ok!.PaymentId, ok!.TransactionId, paidCard.brand, paidCard.last4, payment.id],
          'all',
          tx,
        );
        if (!rows.length) return;
        settledNow = true;
      } catch (err) {
        if ((err as { code?: string }).code !== '23505') throw err;
        // Another payment already paid this booking: keep the record for a manual refund.
        await c.execute('rollback to savepoint settle', [], 'run', tx);
        await c.execute(`update payments set status = 'duplicate', payment_id = ?, transaction_id = ?, error = ?, updated_at = now() where id = ?`, [ok!.PaymentId, ok!.TransactionId, 'This booking was already paid by another payment; refund required', payment.id], 'run', tx);
        duplicate = true;
        return;
      }
      await c.execute(
        `update bookings set payment_status = 'paid', hold_expires_at = null, updated_at = now(),
           status = case when status = 'pending' then 'confirmed' else status end
         where id = ?`,
        [payment.booking.id],
        'run',
        tx,
      );
    });
    await this.em.refresh(payment, { populate: ['booking', 'booking.resource', 'user'] } as never);
    this.publish(payment);
    if (!duplicate) {
      const b = payment.booking;
      this.deps.bus.publish(BOOKING_TOPICS.bookingChanged, {
        bookingId: b.id,
        resourceId: b.resource.id,
        userId: b.user.id,
        ownerId: b.resource.owner?.id,
        status: b.status,
        kind: 'status',
      } satisfies BookingChangedEvent);
    }
    if (settledNow) this.sendConfirmation(payment.booking.id);
    return payment;
  }

  /**
   * The confirmation email with the invoice, after commit and off the request path (its own EntityManager);
   * a mail failure is logged and never undoes the payment.
   */
  private sendConfirmation(bookingId: string) {
    const em = this.deps.orm.em.fork();
    void new InvoiceService(em, this.deps)
      .sendConfirmation(bookingId)
      .catch((err) => console.error(`[payments] confirmation email for booking ${bookingId} failed:`, err));
  }

  /**
   * MyFatoorah's webhook: the signature must match the secret; the payment is then re-read from the gateway
   * and settled (idempotent), which also settles payments whose browser never came back.
   */
  async webhook(body: unknown, signature: unknown): Promise<{ received: boolean }> {
    const { verifyWebhookSignature } = await import('../../integrations/myfatoorah/client.js');
    const secret = this.deps.env.myFatoorahWebhookSecret;
    const data = (body as { Data?: unknown } | null)?.Data;
    if (!secret || !verifyWebhookSignature(data, secret, signature)) throw unauthenticated('Invalid webhook signature');
    const invoiceId = String(data.Invoice.Id);
    const payment = await this.em.findOne(Payment, { invoiceId }, { populate: ['booking', 'user'] });
    if (!payment) return { received: true }; // not ours (or already purged): acknowledge so it is not retried forever
    const gateway = await this.gateway();
    const status = await gateway.getPaymentStatus(invoiceId, 'InvoiceId');
    await this.settle(payment, status);
    return { received: true };
  }

  /** The attempts on one booking, for its user or an admin (they carry card details: not for the listing's host). */
  async forBooking(user: User | null, bookingId: unknown): Promise<Payment[]> {
    const b = await this.loadOwnBooking(user, bookingId);
    return this.em.find(Payment, { booking: b }, { orderBy: { createdAt: 'desc' } });
  }
}
