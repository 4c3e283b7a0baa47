import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { conflict, notFound, unauthenticated } from '../common/errors.js';
import { AuditService } from '../audit/audit.service.js';
import { FINANCE_MESSAGES as FM } from '../../shared/finance.rules.js';
import { isAdmin, requireAdmin } from '../common/roles.js';
import type { User } from '../users/user.entity.js';
import { Booking } from '../bookings/booking.entity.js';
import { BOOKING_TOPICS, bookingChangedEvent } from '../bookings/booking.events.js';
import { Payment } from '../payments/payment.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { MyFatoorahClient, MyFatoorahError, type RefundStatusEntry } from '../../integrations/myfatoorah/client.js';
import { embeddedScriptUrl, MyFatoorahGateway, type PaymentGateway } from '../../integrations/myfatoorah/gateway.js';
import { SandboxGateway } from '../../integrations/myfatoorah/sandbox.js';
import { toHalalas, toSar, VAT_RATE } from '../../shared/money.js';
import { MARKET_MESSAGES as M } from '../../shared/marketplace.rules.js';
import { bestRefundUntil, refundFor, type CancelledBy } from '../../shared/refunds.rules.js';
import { fromStoredInvoice, sellerBlock, type InvoiceData, type SellerSettings, type StoredInvoice } from '../invoices/invoice.types.js';
import { Refund, type RefundReason } from './refund.entity.js';
import { fromStoredCreditNote, toStoredCreditNote, type CreditNoteData } from './refund.types.js';
import { refundStatusEmail } from './refund.emails.js';
import type { RefundWebhookData } from './refund.webhook.js';
import { isUuid } from '../../shared/ids.js';
import { splitRefund } from '../payouts/payout.service.js';
import { localeOf } from '../../shared/locale.js';

export type { RefundWebhookData };

/** A refund request claimed this long ago without an answer is taken up again by the reconciliation pass. */
const CLAIM_MS = 5 * 60_000;

export interface QuoteView {
  bookingId: string;
  policy: string;
  cancelledBy: CancelledBy;
  canCancel: boolean;
  paidAmount: number;
  refundAmount: number;
  keptAmount: number;
  currency: string;
  bestRefundUntil: Date | null;
}

/** Who the caller is to a booking when cancelling it; null: they may not see it. */
export function cancellerOf(user: User, b: { user: { id: string }; resource: { owner: { id: string } } }): CancelledBy | null {
  if (isAdmin(user.role)) return 'admin';
  if (b.user.id === user.id) return 'customer';
  if (b.resource.owner.id === user.id) return 'host';
  return null;
}

/** MyFatoorah's refund status as ours: REFUNDED, CANCELED (failed), anything else still requested. */
const statusOf = (s: string | null | undefined): 'refunded' | 'failed' | null => {
  const v = String(s ?? '').toUpperCase();
  return v === 'REFUNDED' ? 'refunded' : v === 'CANCELED' || v === 'CANCELLED' || v === 'FAILED' ? 'failed' : null;
};

const log = (deps: Deps, msg: string) => {
  if (deps.env.logLevel !== 'silent') console.error(`[refunds] ${msg}`);
};

/**
 * Refunds (issue #24): computed by the policy the booking was made under (shared/refunds.rules.ts), recorded once per
 * payment, requested from the gateway on the durable job queue (`refunds.request`), settled by the refund webhook or
 * by GetRefundStatus in the reconciliation pass. A credit note is issued with each refund of an invoiced payment.
 */
export class RefundService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private async loadBooking(user: User | null, bookingId: unknown): Promise<{ b: Booking; by: CancelledBy }> {
    if (!user) throw unauthenticated();
    if (typeof bookingId !== 'string' || !isUuid(bookingId)) throw notFound(M.bookingNotFound);
    const b = await this.em.findOne(Booking, { id: bookingId }, { populate: ['resource', 'resource.owner', 'user'] });
    const by = b && cancellerOf(user, b);
    if (!b || !by) throw notFound(M.bookingNotFound);
    return { b, by };
  }

  private paidPayment(bookingId: string) {
    return this.em.findOne(Payment, { booking: bookingId, status: 'paid' }, { populate: ['user'] });
  }

  /** GET /api/bookings/{id}/cancellation-quote: what cancelling now would refund, for whoever may cancel it. */
  async quote(user: User | null, bookingId: unknown): Promise<QuoteView> {
    const { b, by } = await this.loadBooking(user, bookingId);
    const p = b.paymentStatus === 'paid' ? await this.paidPayment(b.id) : null;
    const paid = p ? toHalalas(p.amount) : 0;
    const refund = p ? refundFor(b.cancellationPolicy, paid, b.startDate, new Date(), by, b.resource.resourceType) : 0;
    return {
      bookingId: b.id,
      policy: b.cancellationPolicy,
      cancelledBy: by,
      canCancel: ['pending', 'confirmed'].includes(b.status),
      paidAmount: toSar(paid),
      refundAmount: toSar(refund),
      keptAmount: toSar(paid - refund),
      currency: b.currency,
      bestRefundUntil: b.resource.resourceType === 'digital' ? null : bestRefundUntil(b.cancellationPolicy, b.startDate),
    };
  }

  /**
   * After a paid booking was cancelled (committed): its refund by the policy, recorded once and requested. Nothing
   * when nothing is due (no payment, or the policy keeps it all).
   */
  async forCancellation(bookingId: string, by: CancelledBy, cancelledAt: Date): Promise<void> {
    const b = await this.em.findOneOrFail(Booking, { id: bookingId }, { populate: ['resource', 'user'] });
    const p = await this.paidPayment(b.id);
    if (!p) return;
    const refund = refundFor(b.cancellationPolicy, toHalalas(p.amount), b.startDate, cancelledAt, by, b.resource.resourceType);
    if (refund <= 0) return;
    await this.record(p, refund, `${by}_cancelled` as RefundReason, b.cancellationPolicy);
  }

  /**
   * After an admin cancelled a paid service booking (committed): its payment is refunded in full, with a credit note
   * for its invoice, through the same path as a booking's (once per payment; nothing when it was not paid).
   */
  async forServiceBookingCancellation(serviceBookingId: string): Promise<void> {
    const p = await this.em.findOne(
      Payment,
      { serviceBooking: serviceBookingId, status: 'paid' },
      { populate: ['user', 'serviceBooking'] },
    );
    if (!p) return;
    await this.record(p, toHalalas(p.amount), 'admin_cancelled', null);
  }

  /** Money taken that could not be honoured (refund_due, duplicate): refunded in full through the same path. */
  async forOwed(p: Payment): Promise<void> {
    if (p.status !== 'refund_due' && p.status !== 'duplicate') return;
    await this.record(p, toHalalas(p.amount), p.status, null);
  }

  /**
   * Records the refund (once per payment: the unique index makes a repeat a no-op), with its credit note when the
   * payment was invoiced, and the booking's refund fields, in one transaction; then queues the gateway request.
   */
  private async record(p: Payment, halalas: number, reason: RefundReason, policy: string | null): Promise<void> {
    const id = randomUUID();
    let inserted = false;
    const seller = await new SettingsService(this.deps.orm.em.fork() as EntityManager, this.deps).getGeneral();
    await this.em.transactional(async (tem) => {
      const tx = tem.getTransactionContext();
      const c = tem.getConnection();
      const run = (q: string, params: unknown[]) => c.execute<Array<Record<string, unknown>>>(q, params, 'all', tx);
      const rows = await run(
        `insert into refunds (id, payment_id, booking_id, service_booking_id, user_id, amount_halalas, reason, policy, gateway, idempotency_key)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id`,
        [id, p.id, p.booking?.id ?? null, p.serviceBooking?.id ?? null, p.user.id, halalas, reason, policy, p.gateway, `refund:${p.id}`],
      );
      if (!rows.length) return;
      inserted = true;
      // A split payment: the host gives back its share of the refund in proportion to what it was paid, fixed now.
      // Paid with Suppliers[] (the host's approved supplier) it is asked from the supplier (MakeSupplierRefund); held
      // by the platform it is what the held balance loses. Either way the host's earnings subtract host_amount.
      // A payment never settled (a duplicate, or one that came after its booking was given up) was still paid with
      // Suppliers[] when its attempt had them: the gateway credited the supplier its part, so the supplier gives it
      // back — but it never reached the host's earnings, so they lose nothing.
      const [split] = await run(
        `select supplier_code, gross::text, host_net::text, settled_at is not null as settled from payment_splits
          where payment_id = ? and (settled_at is not null or supplier_code is not null)`,
        [p.id],
      );
      if (split) {
        const part = splitRefund(halalas, { gross: Number(split.gross), hostNet: Number(split.host_net) });
        const toSupplier = split.supplier_code !== null;
        await run(`update refunds set supplier_code = ?, supplier_amount_halalas = ?, host_amount_halalas = ? where id = ?`, [
          toSupplier ? split.supplier_code : null,
          toSupplier ? part.supplier : null,
          split.settled ? part.supplier : null,
          id,
        ]);
      }
      if (p.booking)
        await run(`update bookings set refund_status = 'requested', refund_amount = ?, updated_at = now() where id = ?`, [
          toSar(halalas),
          p.booking.id,
        ]);
      // A credit note credits an issued invoice; refund_due and duplicate payments were never invoiced.
      const [inv] = await run(`select invoice_snapshot from payments where id = ? and invoice_number is not null`, [p.id]);
      if (inv?.invoice_snapshot) {
        const [{ n }] = await run(`select nextval('credit_note_number_seq')::text as n`, []);
        const note = creditNote(String(n), fromStoredInvoice(inv.invoice_snapshot as StoredInvoice), halalas, reason, seller);
        await run(`update refunds set credit_note_number = ?::bigint, credit_note_snapshot = ?::jsonb where id = ?`, [
          n,
          JSON.stringify(toStoredCreditNote(note)),
          id,
        ]);
      }
    });
    if (!inserted) return;
    await this.announce(p.booking?.id ?? null);
    // Durable before this resolves: a crash now still gets the refund requested (and the reconciliation pass
    // requests any recorded refund whose job was lost).
    await this.deps.jobs.send('refunds.request', { refundId: id }, { id });
    // ZATCA phase 2 (when configured): the credit note is signed and submitted by the worker's next pass, now.
    if (this.deps.env.zatca) await this.deps.jobs.send('zatca.pass', {}).catch(() => undefined);
  }

  /**
   * An admin asks again for a refund the gateway refused (status `failed`): the same row (one refund per payment
   * still) goes back to `requested` with its gateway reference cleared, the booking follows, the change is audited,
   * and the `refunds.request` job asks the gateway again (MakeRefund or MakeSupplierRefund, as the first time). A conditional update, so two admins clicking at once queue
   * one request; anything but a failed refund is 409.
   */
  async retry(actor: User | null, refundId: unknown): Promise<Refund> {
    const admin = requireAdmin(actor);
    if (!isUuid(refundId)) throw notFound(FM.refundNotFound);
    const before = await this.em.fork().findOne(Refund, { id: refundId });
    if (!before) throw notFound(FM.refundNotFound);
    let retried = false;
    await this.em.transactional(async (tem) => {
      const tx = tem.getTransactionContext();
      const c = tem.getConnection();
      const rows = await c.execute<Array<{ booking_id: string | null }>>(
        `update refunds set status = 'requested', error = null, claimed_at = null, gateway_refund_id = null, requested_at = null,
                refunded_at = null, updated_at = now()
          where id = ? and status = 'failed' returning booking_id`,
        [refundId],
        'all',
        tx,
      );
      if (!rows.length) return;
      retried = true;
      if (rows[0].booking_id)
        await c.execute(
          `update bookings set refund_status = 'requested', updated_at = now() where id = ?`,
          [rows[0].booking_id],
          'all',
          tx,
        );
      new AuditService(tem, this.deps).record(
        { id: admin.id, email: admin.email },
        'refund.retry',
        'refund',
        refundId,
        { status: before.status, error: before.error, attempts: before.attempts, gateway_refund_id: before.gatewayRefundId },
        { status: 'requested' },
        before.idempotencyKey,
      );
    });
    if (!retried) throw conflict(FM.refundNotFailed);
    await this.announce(before.booking?.id ?? null);
    // A new job id: the first request's job is kept by the queue under the refund's id.
    await this.deps.jobs.send('refunds.request', { refundId }, { id: randomUUID() });
    return this.em.fork().findOneOrFail(Refund, { id: refundId });
  }

  private gatewayFor(r: Refund): Promise<PaymentGateway> {
    return gatewayFor(this.em, this.deps, r.gateway);
  }

  /**
   * The `refunds.request` job: MakeRefund with the payment's PaymentId (MakeSupplierRefund when the payment was split
   * to a host's supplier), once. The row is claimed first (a second run
   * of the job, or the reconciliation pass, finds it claimed); an unreachable gateway releases the claim and throws,
   * so the job is retried; a refusal marks the refund failed (an admin retries it).
   */
  async request(refundId: string): Promise<void> {
    const conn = this.em.getConnection();
    const claimed = await conn.execute<Array<{ id: string; attempts: number }>>(
      `update refunds set claimed_at = now(), attempts = attempts + 1, updated_at = now()
        where id = ? and status = 'requested' and gateway_refund_id is null
          and (claimed_at is null or claimed_at < now() - (? * interval '1 millisecond')) returning id, attempts`,
      [refundId, CLAIM_MS],
    );
    if (!claimed.length) return;
    const r = await this.em.findOneOrFail(Refund, { id: refundId }, { populate: ['payment'] });
    const p = r.payment;
    let gateway: PaymentGateway;
    let result;
    const key = { Key: p.paymentId ?? p.invoiceId ?? '', KeyType: p.paymentId ? ('PaymentId' as const) : ('InvoiceId' as const) };
    // Our refund's id goes with the request (ExternalIdentifier, and the comment the portal shows).
    const comment = `Mawarid ${r.idempotencyKey} ${r.id} (${r.reason})`;
    try {
      gateway = await this.gatewayFor(r);
      // Sent before (a time-out, a crash, a lapsed claim): the request may have reached the gateway. It is asked
      // first, and the refund it holds is taken as ours; only when it has none is the request sent again.
      const earlier = Number(claimed[0].attempts) > 1 ? await this.sentBefore(r, p, gateway) : null;
      if (earlier) {
        await conn.execute(
          `update refunds set gateway_refund_id = ?, requested_at = coalesce(requested_at, now()), error = null, updated_at = now()
            where id = ? and gateway_refund_id is null`,
          [String(earlier.RefundId), r.id],
        );
        await this.check(r.id, gateway).catch((err) => log(this.deps, `status of refund ${r.id}: ${(err as Error)?.message}`));
        return;
      }
      result =
        r.supplierCode !== null && r.supplierAmountHalalas !== null
          ? // Split to the host's supplier: the host's part from its balance, the rest (commission + VAT) from ours.
            await gateway.makeSupplierRefund({
              ...key,
              VendorDeductAmount: toSar(Number(r.amountHalalas) - Number(r.supplierAmountHalalas)),
              Comment: comment,
              ExternalIdentifier: r.id,
              Suppliers: [{ SupplierCode: r.supplierCode, SupplierDeductedAmount: toSar(Number(r.supplierAmountHalalas)) }],
            })
          : await gateway.makeRefund({
              ...key,
              RefundChargeOnCustomer: false,
              ServiceChargeOnCustomer: false,
              Amount: toSar(Number(r.amountHalalas)),
              Comment: comment,
              ExternalIdentifier: r.id,
            });
    } catch (err) {
      const e = err as MyFatoorahError;
      if (e instanceof MyFatoorahError && e.kind === 'rejected') {
        await this.finish(r.id, 'failed', e.message);
        return;
      }
      // Never reached (or no answer): a timeout keeps the claim until it lapses (the request may have arrived; the
      // reconciliation pass tries again after CLAIM_MS); otherwise the claim is released and the job retried.
      await conn.execute(`update refunds set error = ?, claimed_at = case when ? then claimed_at else null end where id = ?`, [
        e?.message ?? String(err),
        e instanceof MyFatoorahError && e.kind === 'timeout',
        r.id,
      ]);
      throw err;
    }
    await conn.execute(
      `update refunds set gateway_refund_id = ?, requested_at = now(), error = null, updated_at = now() where id = ? and gateway_refund_id is null`,
      [String(result.RefundId), r.id],
    );
    // The test gateway settles at once; MyFatoorah usually answers PENDING (the webhook or the pass settles it then).
    await this.check(r.id, gateway).catch((err) => log(this.deps, `status of refund ${r.id}: ${(err as Error)?.message}`));
  }

  /**
   * The refund an earlier request of `r` made, if the gateway holds one: GetRefundStatus by the payment's InvoiceId
   * lists the invoice's refunds (MyFatoorah finds refunds by InvoiceId, RefundId or its own RefundReference, not by a
   * reference of ours); ours is one of the same amount that no other refund of ours holds. A canceled one paid
   * nothing, so it never stops a new request. A time-out or an unreachable gateway throws: nothing is sent then.
   */
  private async sentBefore(r: Refund, p: Payment, gateway: PaymentGateway): Promise<RefundStatusEntry | null> {
    const invoiceId = p.invoiceId ?? String((await gateway.getPaymentStatus(p.paymentId ?? '', 'PaymentId')).InvoiceId);
    const others = await this.em
      .getConnection()
      .execute<Array<{ gateway_refund_id: string }>>(
        `select gateway_refund_id from refunds where payment_id = ? and id <> ? and gateway_refund_id is not null`,
        [p.id, r.id],
      );
    const taken = new Set(others.map((o) => String(o.gateway_refund_id)));
    const amount = Number(r.amountHalalas);
    const entries = await gateway.refundsOfInvoice(invoiceId);
    return (
      entries.find(
        (e) => statusOf(e.RefundStatus) !== 'failed' && !taken.has(String(e.RefundId)) && toHalalas(Number(e.Amount ?? NaN)) === amount,
      ) ?? null
    );
  }

  /** Asks the gateway for a requested refund's status (GetRefundStatus) and applies it. */
  async check(refundId: string, gateway?: PaymentGateway): Promise<void> {
    const r = await this.em.fork().findOne(Refund, { id: refundId });
    if (!r || r.status !== 'requested' || !r.gatewayRefundId) return;
    const entry: RefundStatusEntry | null = await (gateway ?? (await this.gatewayFor(r))).getRefundStatus(r.gatewayRefundId);
    const status = statusOf(entry?.RefundStatus);
    if (status) await this.finish(r.id, status, status === 'failed' ? `Refund ${entry!.RefundStatus}` : null);
  }

  /**
   * The refund's final word (refunded or failed), once: a conditional update, so a repeated webhook or a webhook
   * racing the pass changes nothing the second time. The booking follows; the customer hears it live and by mail.
   */
  private async finish(refundId: string, status: 'refunded' | 'failed', error: string | null): Promise<void> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ booking_id: string | null; user_id: string; amount_halalas: string; payment_id: string }>>(
        `update refunds set status = ?, error = ?, refunded_at = case when ? = 'refunded' then now() else null end, updated_at = now()
          where id = ? and status = 'requested' returning booking_id, user_id, amount_halalas::text, payment_id`,
        [status, error, status, refundId],
      );
    if (!rows.length) return;
    const row = rows[0];
    if (row.booking_id) {
      await this.em
        .getConnection()
        .execute(`update bookings set refund_status = ?, updated_at = now() where id = ?`, [status, row.booking_id]);
      await this.announce(row.booking_id);
    }
    if (status === 'failed') log(this.deps, `refund ${refundId} failed: ${error}`);
    await this.mail(row.payment_id, Number(row.amount_halalas), status);
  }

  private async announce(bookingId: string | null) {
    if (!bookingId) return;
    const b = await this.deps.orm.em.fork().findOne(Booking, { id: bookingId }, { populate: ['resource', 'resource.owner'] });
    if (b) this.deps.bus.publish(BOOKING_TOPICS.bookingChanged, bookingChangedEvent(b, 'refund'));
  }

  private async mail(paymentId: string, halalas: number, status: 'refunded' | 'failed') {
    const p = await this.deps.orm.em
      .fork()
      .findOne(Payment, { id: paymentId }, { populate: ['user', 'booking', 'booking.resource', 'serviceBooking'] });
    if (!p) return;
    const title = p.serviceBooking ? p.serviceBooking.serviceName : (p.booking?.resource.title ?? '');
    await this.deps.mailer
      .send(
        refundStatusEmail({
          to: p.user.email,
          name: p.user.fullName,
          locale: localeOf(p.user.locale),
          title,
          amount: toSar(halalas),
          status,
        }),
      )
      .catch((err) => log(this.deps, `mail for refund of payment ${paymentId} failed: ${(err as Error)?.message}`));
  }

  /**
   * MyFatoorah's REFUND_STATUS_CHANGED webhook (v2): the signature must match; the refund is found by its RefundId
   * and settled once. An unknown refund is acknowledged (not ours, or not yet recorded: the pass settles it).
   */
  /** A verified REFUND_STATUS_CHANGED event (payments/payment.webhook.ts checks its signature): harmless when replayed. */
  async refundEvent(data: RefundWebhookData): Promise<void> {
    if (!data.Refund || typeof data.Refund !== 'object') return;
    const r = await this.em.findOne(Refund, { gatewayRefundId: String(data.Refund.Id) });
    const status = statusOf(data.Refund.Status);
    if (r && status) await this.finish(r.id, status, status === 'failed' ? `Refund ${data.Refund.Status}` : null);
  }

  /** The credit notes of a booking's refunds: its buyer or an admin (anyone else: 404, as the booking). */
  async creditNotes(user: User | null, bookingId: unknown): Promise<CreditNoteData[]> {
    const { b, by } = await this.loadBooking(user, bookingId);
    if (by === 'host') throw notFound(M.bookingNotFound);
    const refunds = await this.em.find(Refund, { booking: b.id, creditNoteNumber: { $ne: null } }, { orderBy: { createdAt: 'asc' } });
    return refunds.flatMap((r) => (r.creditNoteSnapshot ? [fromStoredCreditNote(r.creditNoteSnapshot)] : []));
  }
}

/** The gateway a payment was taken on: the refund goes back the same way (never the sandbox in production). */
async function gatewayFor(em: EntityManager, deps: Deps, name: 'myfatoorah' | 'sandbox'): Promise<PaymentGateway> {
  if (name === 'sandbox') {
    if (deps.env.isProduction) throw new MyFatoorahError('The test gateway does not run in production', 'rejected');
    return new SandboxGateway(em, deps.env.appUrl);
  }
  const cfg = await new SettingsService(em, deps).getMyFatoorah();
  if (!cfg.apiKey) throw new MyFatoorahError('The payment gateway is not configured', 'unreachable');
  return new MyFatoorahGateway(
    new MyFatoorahClient({
      apiKey: cfg.apiKey,
      testMode: cfg.testMode,
      baseUrl: deps.env.myFatoorahBaseUrl,
      timeoutMs: deps.env.myFatoorahTimeoutMs,
    }),
    embeddedScriptUrl(cfg.testMode, deps.env.myFatoorahBaseUrl),
  );
}

/**
 * The credit note of a refund of `halalas` against an issued invoice: negative amounts; the VAT credited is the
 * invoice's VAT in the refund's proportion (a full refund credits exactly the invoice).
 */
function creditNote(number: string, invoice: InvoiceData, halalas: number, reason: RefundReason, seller: SellerSettings): CreditNoteData {
  const total = toHalalas(invoice.total);
  const vat = total > 0 ? Math.round((toHalalas(invoice.vat) * halalas) / total) : 0;
  const subtotal = halalas - vat;
  return {
    creditNoteNumber: number,
    issuedAt: new Date().toISOString(),
    currency: invoice.currency,
    bookingId: invoice.bookingId,
    originalInvoiceNumber: invoice.invoiceNumber,
    originalInvoiceIssuedAt: invoice.issuedAt,
    reason,
    seller: sellerBlock(seller),
    buyer: invoice.buyer,
    lines: [{ description: invoice.lines[0]?.description ?? '', amount: -toSar(subtotal) }],
    subtotal: -toSar(subtotal),
    vatRate: invoice.vatRate ?? VAT_RATE,
    vat: -toSar(vat),
    total: -toSar(halalas),
  };
}

/**
 * The reconciliation pass (with the payments one, each minute): payments owed back with no refund yet get one;
 * recorded refunds whose request was lost are requested; requested ones older than `settleAfterMs` are asked
 * about (GetRefundStatus), the fallback when a webhook never came.
 */
export async function reconcileRefunds(deps: Deps, { settleAfterMs = 60_000, limit = 50 } = {}): Promise<number> {
  const em = deps.orm.em.fork() as EntityManager;
  const service = new RefundService(em, deps);
  let done = 0;
  const owed = await em.find(
    Payment,
    { status: { $in: ['refund_due', 'duplicate'] }, paymentId: { $ne: null } },
    { populate: ['booking', 'serviceBooking', 'user'], limit },
  );
  const refunded = new Set(
    (await em.find(Refund, { payment: { $in: owed.map((p) => p.id) } }, { fields: ['id', 'payment'] })).map((r) => r.payment.id),
  );
  for (const p of owed.filter((x) => !refunded.has(x.id))) {
    await service.forOwed(p).catch((err) => log(deps, `recording refund of payment ${p.id}: ${(err as Error)?.message}`));
    done++;
  }
  const open = await em.find(
    Refund,
    { status: 'requested', updatedAt: { $lt: new Date(Date.now() - settleAfterMs) } },
    { orderBy: { updatedAt: 'asc' }, limit },
  );
  for (const r of open) {
    try {
      if (r.gatewayRefundId) await service.check(r.id);
      else await service.request(r.id);
      done++;
    } catch (err) {
      log(deps, `reconciling refund ${r.id}: ${(err as Error)?.message}`);
    }
  }
  return done;
}
