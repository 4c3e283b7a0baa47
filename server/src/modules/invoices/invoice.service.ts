import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { notFound, unauthenticated } from '../common/errors.js';
import type { User } from '../users/user.entity.js';
import { isAdmin } from '../users/roles.js';
import { Booking } from '../bookings/booking.entity.js';
import { Payment } from '../payments/payment.entity.js';
import { INVOICE_MESSAGES as IM } from '../../shared/invoices.rules.js';
import { paymentConfirmationEmail } from '../../integrations/mail/invoice-templates.js';
import { renderInvoicePdf } from './invoice.pdf.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The simplified tax invoice of a paid booking (snake_case: it is also the REST body), as issued: built once when
 * the payment settles (`invoice.snapshot.ts`) and stored; `booking.status` is the booking's status at that moment.
 */
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

/**
 * An invoice as one reader may see it. The listing's host (not the buyer, not an admin) gets no payment block: the
 * card brand, last 4 digits, gateway transaction and method are the buyer's, not something a host needs.
 */
export type InvoiceView = Omit<InvoiceData, 'payment'> & { payment: InvoiceData['payment'] | null };

export class InvoiceService {
  constructor(private em: EntityManager, private deps: Deps) {}

  /**
   * The booking's user, the listing's host or an admin; anyone else (or an unpaid booking) gets 404. The invoice is
   * the snapshot written when the payment settled, never rebuilt from today's listing, settings or profile.
   */
  private async view(user: User | null, bookingId: unknown): Promise<InvoiceView> {
    if (!user) throw unauthenticated();
    if (typeof bookingId !== 'string' || !UUID.test(bookingId)) throw notFound(IM.notFound);
    const b = await this.em.findOne(Booking, { id: bookingId }, { populate: ['resource', 'resource.owner', 'user'] });
    if (!b) throw notFound(IM.notFound);
    const buyerOrAdmin = isAdmin(user.role) || b.user.id === user.id;
    if (!buyerOrAdmin && b.resource.owner.id !== user.id) throw notFound(IM.notFound);
    const issued = await this.issued(b.id);
    return buyerOrAdmin ? issued : { ...issued, payment: null };
  }

  private async issued(bookingId: string): Promise<InvoiceData> {
    const p = await this.em.findOne(
      Payment,
      { booking: bookingId, status: 'paid', invoiceNumber: { $ne: null } },
      { populate: ['invoiceSnapshot'], fields: ['id', 'invoiceSnapshot'] },
    );
    if (!p?.invoiceSnapshot) throw notFound(IM.notPaid);
    return p.invoiceSnapshot;
  }

  async get(user: User | null, bookingId: unknown): Promise<InvoiceView> {
    return this.view(user, bookingId);
  }

  async pdf(user: User | null, bookingId: unknown): Promise<{ data: InvoiceView; pdf: Buffer }> {
    const data = await this.view(user, bookingId);
    return { data, pdf: await renderInvoicePdf(data) };
  }

  /**
   * The payment confirmation email with the invoice PDF, in the buyer's language. Called by the payments
   * module once, right after the transaction that made the payment paid has committed.
   */
  async sendConfirmation(bookingId: string): Promise<void> {
    const data = await this.issued(bookingId);
    const pdf = await renderInvoicePdf(data);
    const b = await this.em.findOneOrFail(Booking, { id: bookingId }, { populate: ['user'] });
    const locale = b.user.locale === 'ar' ? 'ar' : 'en';
    await this.deps.mailer.send({
      ...paymentConfirmationEmail({ to: b.user.email, locale, invoice: data, link: `${this.deps.env.appUrl}/bookings/${data.booking_id}/invoice` }),
      attachments: [{ filename: `invoice-${data.invoice_number}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  }
}
