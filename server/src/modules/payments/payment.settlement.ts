/**
 * Settlement: the gateway's word applied to a payment, once. Paid → the booking is paid, the invoice issued and the
 * split recorded in one transaction; taken but not honourable → refund due; declined → failed. Then the news goes
 * out (events, the confirmation email, ZATCA's worker, the owed refund).
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { badInput } from '../common/errors.js';
import { PAYMENT_MESSAGES as PM } from '../../shared/payments.rules.js';
import { Booking } from '../bookings/booking.entity.js';
import { BOOKING_TOPICS, bookingChangedEvent, type BookingChangedEvent } from '../bookings/booking.events.js';
import { ServiceBooking } from '../service-bookings/service-booking.entity.js';
import { ServiceBookingService } from '../service-bookings/service-booking.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { InvoiceService, issueInvoice } from '../invoices/invoice.service.js';
import { RefundService } from '../refunds/refund.service.js';
import { settlePaymentSplit } from '../payouts/payout.service.js';
import type { PaymentStatus } from '../../integrations/myfatoorah/client.js';
import type { Payment, PaymentRowStatus } from './payment.entity.js';
import { PAYMENT_TOPICS, type PaymentChangedEvent } from './payment.events.js';
import { refundDueEmail } from './payment.emails.js';
import { cardFromTransaction } from './card.js';
import { payableOf, type Payable } from './payment.payable.js';
import { localeOf } from '../../shared/locale.js';

const SUCCESS = new Set(['succss', 'success', 'succeeded', 'paid']);
/** The gateway took the money: never changed again by a replayed or late answer. */
const TAKEN = new Set<PaymentRowStatus>(['paid', 'duplicate', 'refund_due']);

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

/**
 * Inside settle's transaction: whether a booking can no longer take this payment (refund due). The listing row is
 * locked first, the order deleting a listing uses (a payment cannot land in between), then the booking; a hold
 * that lapsed is reinstated here when its dates are still free.
 */
async function bookingGone(run: RunInTransaction, bookingId: string): Promise<boolean> {
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

export class PaymentSettlement {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

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
        : await bookingGone(run, payment.booking!.id);
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
          locale: localeOf(to.locale),
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

  /** ZATCA phase 2 (when configured): the worker signs and submits the new invoice now rather than at its next pass. */
  private wakeZatca() {
    if (this.deps.env.zatca) this.deps.jobs.send('zatca.pass', {}).catch(() => undefined);
  }

  /**
   * The confirmation email with the invoice, after commit and off the request path (its own EntityManager);
   * a mail failure is logged and never undoes the payment.
   */
  private sendConfirmation(paid: Payable) {
    const em = this.deps.orm.em.fork();
    void new InvoiceService(em, this.deps)
      .sendConfirmation(paid)
      .catch((err) => console.error(`[payments] confirmation email for ${paid.kind} ${paid.id} failed:`, err));
  }

  /** After commit: the payment's change, and the booking's (bookingUpdated carries failures too). */
  private async announce(p: Payment, kind: BookingChangedEvent['kind']) {
    this.deps.bus.publish(PAYMENT_TOPICS.paymentChanged, {
      paymentId: p.id,
      bookingId: p.booking?.id ?? null,
      serviceBookingId: p.serviceBooking?.id ?? null,
      userId: p.user.id,
      status: p.status,
    } satisfies PaymentChangedEvent);
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
}
