import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { notFound, unauthenticated } from '../common/errors.js';
import type { User } from '../users/user.entity.js';
import { isAdmin } from '../common/roles.js';
import { Booking } from '../bookings/booking.entity.js';
import { Payment } from '../payments/payment.entity.js';
import { INVOICE_MESSAGES as IM } from '../../shared/invoices.rules.js';
import { paymentConfirmationEmail } from './invoice.emails.js';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice.pdf.js';
import { INVOICE_FACTS_SQL, invoiceSnapshot, SERVICE_INVOICE_FACTS_SQL } from './invoice.snapshot.js';
import { ServiceBooking } from '../service-bookings/service-booking.entity.js';
import { ServiceBookingService } from '../service-bookings/service-booking.service.js';
import type { Payable } from '../payments/payment.service.js';
import { fromStoredInvoice, toStoredInvoice, type InvoiceData, type InvoiceView, type SellerSettings } from './invoice.types.js';
import type { CreditNoteData } from '../refunds/refund.types.js';
import { isUuid } from '../../shared/ids.js';
import { localeOf } from '../../shared/locale.js';

/** Runs one statement inside the caller's transaction (the settlement's). */
type RunInTransaction = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * Issues the invoice of a payment being settled, inside the settlement's transaction: its number and everything it
 * shows are written together (a check requires both), and the invoice is read back from the snapshot ever after.
 */
export async function issueInvoice(run: RunInTransaction, paymentId: string, seller: SellerSettings): Promise<void> {
  const [{ n }] = await run(`select nextval('invoice_number_seq')::text as n`, []);
  // A payment pays a booking or a service booking: the one whose facts exist is the one invoiced.
  const [facts] = (await run(`${INVOICE_FACTS_SQL} where p.id = ?`, [paymentId])).concat(
    await run(`${SERVICE_INVOICE_FACTS_SQL} where p.id = ?`, [paymentId]),
  );
  await run(`update payments set invoice_number = ?::bigint, invoice_snapshot = ?::jsonb where id = ?`, [
    n,
    JSON.stringify(toStoredInvoice(invoiceSnapshot({ ...facts, invoice_number: n }, seller))),
    paymentId,
  ]);
}

/**
 * The live (not superseded) e-invoice matching `where` (on `e_invoices e`) as its buyer may be given it: a standard
 * document only as ZATCA cleared it (its stamped XML), a simplified one as signed unless ZATCA rejected it; else null.
 */
export async function givenXml(em: EntityManager, where: string, params: unknown[]): Promise<GivenXml | null> {
  const [doc] = await em
    .getConnection()
    .execute<Array<{ number: string; kind: string; status: string; xml: string; cleared_xml: string | null }>>(
      `select e.number, e.kind, e.status, e.xml, e.cleared_xml from e_invoices e where ${where} and e.superseded_at is null`,
      params,
    );
  if (!doc || !mayGiveXml(doc)) return null;
  const xml = doc.kind === 'standard' ? doc.cleared_xml : doc.xml;
  return xml ? { number: doc.number, xml, kind: doc.kind === 'standard' ? 'standard' : 'simplified' } : null;
}

/** Whether a live e-invoice may be given to its buyer yet: standard once ZATCA cleared it, simplified unless rejected. */
export const mayGiveXml = (doc: { kind: string; status: string }) =>
  doc.kind === 'standard' ? doc.status === 'cleared' : doc.status !== 'rejected';

/** An e-invoice as its reader may be given it: our number, the XML (cleared or signed) and its kind. */
export interface GivenXml {
  number: string;
  xml: string;
  kind: 'standard' | 'simplified';
}

export class InvoiceService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /**
   * The booking's user, the listing's host or an admin; anyone else (or an unpaid booking) gets 404. The invoice is
   * the snapshot written when the payment settled, never rebuilt from today's listing, settings or profile.
   */
  private async view(user: User | null, bookingId: unknown): Promise<InvoiceView> {
    return (await this.viewOf(user, bookingId)).view;
  }

  /** The invoice as `user` may see it, the payment it invoices, and whether `user` is its buyer or an admin. */
  private async viewOf(user: User | null, bookingId: unknown): Promise<{ view: InvoiceView; paymentId: string; buyerOrAdmin: boolean }> {
    if (!user) throw unauthenticated();
    if (typeof bookingId !== 'string' || !isUuid(bookingId)) throw notFound(IM.notFound);
    const b = await this.em.findOne(Booking, { id: bookingId }, { populate: ['resource', 'resource.owner', 'user'] });
    if (!b) throw notFound(IM.notFound);
    const buyerOrAdmin = isAdmin(user.role) || b.user.id === user.id;
    if (!buyerOrAdmin && b.resource.owner.id !== user.id) throw notFound(IM.notFound);
    const { data, paymentId } = await this.issuedWithPayment(b.id);
    return { view: buyerOrAdmin ? data : { ...data, payment: null }, paymentId, buyerOrAdmin };
  }

  private async issued(paid: string | Payable): Promise<InvoiceData> {
    return (await this.issuedWithPayment(paid)).data;
  }

  private async issuedWithPayment(paid: string | Payable): Promise<{ data: InvoiceData; paymentId: string }> {
    const of = typeof paid === 'string' ? { booking: paid } : paid.kind === 'booking' ? { booking: paid.id } : { serviceBooking: paid.id };
    const p = await this.em.findOne(
      Payment,
      { ...of, status: 'paid', invoiceNumber: { $ne: null } },
      { populate: ['invoiceSnapshot'], fields: ['id', 'invoiceSnapshot'] },
    );
    if (!p?.invoiceSnapshot) throw notFound(IM.notPaid);
    return { data: fromStoredInvoice(p.invoiceSnapshot), paymentId: p.id };
  }

  async get(user: User | null, bookingId: unknown): Promise<InvoiceView> {
    return this.view(user, bookingId);
  }

  /**
   * The invoice PDF (PDF/A-3b), printing the e-invoice's QR once there is one that may be given (cleared or reported,
   * see `xml`). The buyer's and admins' copy embeds that XML; the host's copy, like its view, carries none (the host is
   * not given the e-invoice).
   */
  async pdf(user: User | null, bookingId: unknown): Promise<{ data: InvoiceView; pdf: Buffer }> {
    const { view, paymentId, buyerOrAdmin } = await this.viewOf(user, bookingId);
    // The host's copy prints the e-invoice's QR, as every copy does, but carries no XML.
    return { data: view, pdf: await renderInvoicePdf(view, await this.invoiceXml(paymentId), buyerOrAdmin) };
  }

  /**
   * The booking's ZATCA e-invoice XML: its buyer and admins only (the host: 404, as for any booking not theirs to pay).
   * A standard invoice is given only as ZATCA cleared it (with ZATCA's stamp); a simplified one as signed, from issue,
   * unless ZATCA rejected it. Anything else — phase 1, not yet signed, not yet cleared — is 404.
   */
  async xml(user: User | null, bookingId: unknown): Promise<GivenXml> {
    if (!user) throw unauthenticated();
    if (!isUuid(bookingId)) throw notFound(IM.notFound);
    const b = await this.em.findOne(Booking, { id: bookingId }, { fields: ['id', 'user'] });
    if (!b || (!isAdmin(user.role) && b.user.id !== user.id)) throw notFound(IM.notFound);
    const doc = await givenXml(
      this.em,
      `e.payment_id in (select id from payments where booking_id = ? and status = 'paid') and e.type = 'invoice'`,
      [b.id],
    );
    if (!doc) throw notFound(IM.noEInvoice);
    return doc;
  }

  /** The e-invoice XML of an issued invoice as its buyer may be given it (see `xml`), or null. */
  private invoiceXml(paymentId: string): Promise<string | null> {
    return givenXml(this.em, `e.payment_id = ? and e.type = 'invoice'`, [paymentId]).then((d) => d?.xml ?? null);
  }

  /** A paid service booking's invoice: its customer or an admin (anyone else: 404, as reading the booking). */
  async getForServiceBooking(user: User | null, serviceBookingId: unknown): Promise<InvoiceView> {
    if (!user) throw unauthenticated();
    const s = await new ServiceBookingService(this.em, this.deps).get(user, serviceBookingId).catch(() => {
      throw notFound(IM.notFound);
    });
    return this.issued({ kind: 'service', id: s.id });
  }

  /** The service booking's invoice PDF (PDF/A-3b), with the e-invoice XML its customer (or an admin) may be given. */
  async pdfForServiceBooking(user: User | null, serviceBookingId: unknown): Promise<{ data: InvoiceView; pdf: Buffer }> {
    await this.getForServiceBooking(user, serviceBookingId);
    const { data, paymentId } = await this.issuedWithPayment({ kind: 'service', id: String(serviceBookingId) });
    return { data, pdf: await renderInvoicePdf(data, await this.invoiceXml(paymentId)) };
  }

  /**
   * A booking's credit note as PDF/A-3b for its buyer or an admin (the refunds module decides who reads it), with the
   * credit note's e-invoice XML under the same rule as an invoice's (cleared when standard, reported when simplified).
   */
  async creditNotePdf(note: CreditNoteData): Promise<Buffer> {
    return renderCreditNotePdf(note, (await this.creditNoteEInvoice(note))?.xml ?? null);
  }

  /**
   * A booking's credit note as its ZATCA e-invoice XML, for whoever may read the note (the refunds module decides):
   * cleared when standard, signed when simplified unless rejected; anything else 404, as an invoice's `xml`.
   */
  async creditNoteXml(note: CreditNoteData): Promise<GivenXml> {
    const doc = await this.creditNoteEInvoice(note);
    if (!doc) throw notFound(IM.noEInvoice);
    return doc;
  }

  private creditNoteEInvoice(note: CreditNoteData): Promise<GivenXml | null> {
    return givenXml(this.em, `e.type = 'credit_note' and e.refund_id = (select id from refunds where credit_note_number = ?::bigint)`, [
      note.creditNoteNumber,
    ]);
  }

  /**
   * The payment confirmation email with the invoice PDF, in the buyer's language. Called by the payments
   * module once, right after the transaction that made the payment paid has committed.
   */
  async sendConfirmation(paid: Payable): Promise<void> {
    const { data, paymentId } = await this.issuedWithPayment(paid);
    // Usually sent before the worker has signed the e-invoice: then the PDF has no XML yet (the download will).
    const pdf = await renderInvoicePdf(data, await this.invoiceXml(paymentId));
    // A service booking's emails go in the language it was booked in; a booking's in its user's.
    const s = paid.kind === 'service' ? await this.em.findOneOrFail(ServiceBooking, { id: paid.id }, { populate: ['user'] }) : null;
    const user = s ? s.user : (await this.em.findOneOrFail(Booking, { id: paid.id }, { populate: ['user'] })).user;
    const locale = localeOf(s ? s.locale : user.locale);
    await this.deps.mailer.send({
      ...paymentConfirmationEmail({
        to: user.email,
        locale,
        invoice: data,
        link: s ? `${this.deps.env.appUrl}/service-bookings/${s.id}/invoice` : `${this.deps.env.appUrl}/bookings/${data.bookingId}/invoice`,
      }),
      attachments: [{ filename: `invoice-${data.invoiceNumber}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  }
}
