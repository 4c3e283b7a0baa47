import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { notFound, unauthenticated } from '../common/errors.js';
import { sarText, VAT_RATE } from '../common/money.js';
import type { User } from '../users/user.entity.js';
import { isAdmin } from '../users/roles.js';
import { Booking } from '../bookings/booking.entity.js';
import { Payment } from '../payments/payment.entity.js';
import { zatcaQrPayload } from '../payments/zatca.js';
import { SettingsService } from '../settings/settings.service.js';
import { INVOICE_MESSAGES as IM } from '../../shared/invoices.rules.js';
import { paymentConfirmationEmail } from '../../integrations/mail/invoice-templates.js';
import { renderInvoicePdf } from './invoice.pdf.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The simplified tax invoice of a paid booking (snake_case: it is also the REST body). */
export interface InvoiceData {
  booking_id: string;
  invoice_number: string;
  issued_at: string;
  currency: string;
  seller: { name: string; vat_number: string; address: string; contact_email: string; contact_phone: string };
  buyer: { name: string; email: string; company_name: string | null };
  lines: Array<{ description: string; period: string; quantity: number; unit_price: number; amount: number }>;
  subtotal: number;
  vat_rate: number;
  vat: number;
  total: number;
  payment: { card_brand: string | null; card_last4: string | null; transaction_id: string | null; method: string };
  booking: { start_date: string; end_date: string; status: string };
  qr_payload: string;
}

/** ZATCA wants ISO 8601; seconds precision is enough (and what their example uses). */
const isoSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export class InvoiceService {
  constructor(private em: EntityManager, private deps: Deps) {}

  /** The booking's user, the listing's host or an admin; anyone else (or an unpaid booking) gets 404. */
  private async paidPayment(user: User | null, bookingId: unknown): Promise<Payment> {
    if (!user) throw unauthenticated();
    if (typeof bookingId !== 'string' || !UUID.test(bookingId)) throw notFound(IM.notFound);
    const b = await this.em.findOne(Booking, { id: bookingId }, { populate: ['resource', 'resource.owner', 'user'] });
    if (!b || !(isAdmin(user.role) || b.user.id === user.id || b.resource.owner.id === user.id)) throw notFound(IM.notFound);
    return this.paymentOf(b.id);
  }

  private async paymentOf(bookingId: string): Promise<Payment> {
    const p = await this.em.findOne(
      Payment,
      { booking: bookingId, status: 'paid', invoiceNumber: { $ne: null } },
      { populate: ['booking', 'booking.resource', 'booking.user', 'user'] },
    );
    if (!p) throw notFound(IM.notPaid);
    return p;
  }

  private async build(p: Payment): Promise<InvoiceData> {
    const g = await new SettingsService(this.em, this.deps).getGeneral();
    const b = p.booking;
    const buyer = b.user;
    const issued = p.paidAt ?? p.updatedAt;
    return {
      booking_id: b.id,
      invoice_number: String(p.invoiceNumber),
      issued_at: issued.toISOString(),
      currency: p.currency,
      seller: { name: g.platform_name, vat_number: g.vat_number, address: g.address, contact_email: g.contact_email, contact_phone: g.contact_phone },
      buyer: { name: buyer.fullName, email: buyer.email, company_name: buyer.companyName ?? null },
      // The invoice states what was charged: the payment's amounts, fixed at payment time.
      lines: [{ description: b.resource.title, period: b.resource.period, quantity: b.periods, unit_price: b.unitPrice, amount: p.subtotal }],
      subtotal: p.subtotal,
      vat_rate: VAT_RATE,
      vat: p.vat,
      total: p.amount,
      payment: { card_brand: p.cardBrand, card_last4: p.cardLast4, transaction_id: p.transactionId, method: p.method },
      booking: { start_date: b.startDate.toISOString(), end_date: b.endDate.toISOString(), status: b.status },
      qr_payload: zatcaQrPayload({ sellerName: g.platform_name, vatNumber: g.vat_number, timestamp: isoSeconds(issued), total: sarText(p.amount), vat: sarText(p.vat) }),
    };
  }

  async get(user: User | null, bookingId: unknown): Promise<InvoiceData> {
    return this.build(await this.paidPayment(user, bookingId));
  }

  async pdf(user: User | null, bookingId: unknown): Promise<{ data: InvoiceData; pdf: Buffer }> {
    const data = await this.get(user, bookingId);
    return { data, pdf: await renderInvoicePdf(data) };
  }

  /**
   * The payment confirmation email with the invoice PDF, in the buyer's language. Called by the payments
   * module once, right after the transaction that made the payment paid has committed.
   */
  async sendConfirmation(bookingId: string): Promise<void> {
    const p = await this.paymentOf(bookingId);
    const data = await this.build(p);
    const pdf = await renderInvoicePdf(data);
    const buyer = p.booking.user;
    const locale = buyer.locale === 'ar' ? 'ar' : 'en';
    await this.deps.mailer.send({
      ...paymentConfirmationEmail({ to: buyer.email, locale, invoice: data, link: `${this.deps.env.appUrl}/bookings/${data.booking_id}/invoice` }),
      attachments: [{ filename: `invoice-${data.invoice_number}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  }
}
