import { Field, Float, Int, ObjectType } from 'type-graphql';
import { InvoiceSeller } from './invoice.types.js';

/**
 * The tax invoice from the platform to a host for one Riyadh calendar month's commission (snake_case: also the REST
 * body), as issued: built once by the `commission-invoices.issue` job and stored; never rebuilt.
 */
export interface CommissionInvoiceData {
  id: string;
  /** Its own series: `COM-` and the number, 6 digits at least (booking invoices are plain numbers). */
  invoice_number: string;
  /** YYYY-MM, Riyadh calendar. */
  month: string;
  /** The month's first and the next month's first instant (Riyadh midnight, UTC ISO). */
  period_start: string;
  period_end: string;
  issued_at: string;
  currency: string;
  seller: { name: string; vat_number: string; address: string; contact_email: string; contact_phone: string };
  /** The host as in its payout profile (legal name, VAT number if registered, commercial registration). */
  buyer: { name: string; email: string; vat_number: string | null; commercial_registration: string | null };
  lines: Array<{ description: string; amount: number }>;
  /** The month's settled payments the commission was taken on, and what they came to (SAR, VAT included). */
  payments_count: number;
  gross: number;
  /**
   * Commission and its VAT given back on refunds of those payments completed before the invoice was issued (SAR;
   * already taken off subtotal and VAT), and how many refunds. Absent on invoices issued before refunds were netted.
   */
  refunded_commission?: number;
  refunded_vat?: number;
  refunds_count?: number;
  /** The commission invoiced (net of those refunds), SAR before VAT. */
  subtotal: number;
  vat_rate: number;
  vat: number;
  total: number;
  qr_payload: string;
}

@ObjectType()
export class CommissionInvoiceBuyer {
  @Field(() => String, { description: "The payout profile's legal name" }) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { nullable: true }) vatNumber!: string | null;
  @Field(() => String, { nullable: true }) commercialRegistration!: string | null;
}

@ObjectType()
export class CommissionInvoiceLine {
  @Field(() => String) description!: string;
  @Field(() => Float, { description: 'SAR, before VAT' }) amount!: number;
}

@ObjectType({ description: "The platform's monthly tax invoice to a host for its commission, as issued (frozen)" })
export class CommissionInvoice {
  @Field(() => String) id!: string;
  @Field(() => String) invoiceNumber!: string;
  @Field(() => String, { description: 'YYYY-MM, Riyadh calendar' }) month!: string;
  @Field(() => Date) periodStart!: Date;
  @Field(() => Date) periodEnd!: Date;
  @Field(() => Date) issuedAt!: Date;
  @Field(() => String) currency!: string;
  @Field(() => InvoiceSeller) seller!: InvoiceSeller;
  @Field(() => CommissionInvoiceBuyer) buyer!: CommissionInvoiceBuyer;
  @Field(() => [CommissionInvoiceLine]) lines!: CommissionInvoiceLine[];
  @Field(() => Int) paymentsCount!: number;
  @Field(() => Float, { description: 'SAR the month’s settled payments came to' }) gross!: number;
  @Field(() => Float, { description: 'Commission (SAR, before VAT) given back on refunds completed before issue, already deducted' })
  refundedCommission!: number;
  @Field(() => Float, { description: 'VAT on that commission, already deducted' }) refundedVat!: number;
  @Field(() => Int, { description: 'How many refunds were deducted' }) refundsCount!: number;
  @Field(() => Float, { description: 'The commission, SAR before VAT' }) subtotal!: number;
  @Field(() => Float) vatRate!: number;
  @Field(() => Float) vat!: number;
  @Field(() => Float) total!: number;
  @Field(() => String, { description: 'ZATCA phase-1 QR payload: TLV tags 1–5, Base64' }) qrPayload!: string;
}

export const toGraphqlCommissionInvoice = (i: CommissionInvoiceData): CommissionInvoice => ({
  id: i.id,
  invoiceNumber: i.invoice_number,
  month: i.month,
  periodStart: new Date(i.period_start),
  periodEnd: new Date(i.period_end),
  issuedAt: new Date(i.issued_at),
  currency: i.currency,
  seller: {
    name: i.seller.name,
    vatNumber: i.seller.vat_number,
    address: i.seller.address,
    contactEmail: i.seller.contact_email,
    contactPhone: i.seller.contact_phone,
  },
  buyer: {
    name: i.buyer.name,
    email: i.buyer.email,
    vatNumber: i.buyer.vat_number,
    commercialRegistration: i.buyer.commercial_registration,
  },
  lines: i.lines.map((l) => ({ description: l.description, amount: l.amount })),
  paymentsCount: i.payments_count,
  gross: i.gross,
  refundedCommission: i.refunded_commission ?? 0,
  refundedVat: i.refunded_vat ?? 0,
  refundsCount: i.refunds_count ?? 0,
  subtotal: i.subtotal,
  vatRate: i.vat_rate,
  vat: i.vat,
  total: i.total,
  qrPayload: i.qr_payload,
});

/**
 * A credit note from the platform to a host for commission given back on a refund completed after the month's
 * commission invoice was issued (snake_case: also the REST body), as issued: frozen, never rebuilt. Negative amounts,
 * as the buyers' credit notes.
 */
export interface CommissionCreditNoteData {
  id: string;
  /** Its own series: `CCN-` and the number, 6 digits at least. */
  credit_note_number: string;
  issued_at: string;
  currency: string;
  /** The month (YYYY-MM, Riyadh) of the invoice it corrects. */
  month: string;
  original_invoice_id: string;
  original_invoice_number: string;
  original_invoice_issued_at: string;
  /** Always `refund`: commission given back because the customer's payment was refunded. */
  reason: 'refund';
  refund_id: string;
  /** The booking refunded (short reference on the PDF) and what the customer got back (SAR). */
  booking_id: string | null;
  refund_amount: number;
  seller: CommissionInvoiceData['seller'];
  buyer: CommissionInvoiceData['buyer'];
  lines: Array<{ description: string; amount: number }>;
  subtotal: number;
  vat_rate: number;
  vat: number;
  total: number;
}

@ObjectType({ description: 'A credit note from the platform to a host for commission given back on a refund, as issued (frozen)' })
export class CommissionCreditNote {
  @Field(() => String) id!: string;
  @Field(() => String) creditNoteNumber!: string;
  @Field(() => Date) issuedAt!: Date;
  @Field(() => String) currency!: string;
  @Field(() => String, { description: 'YYYY-MM (Riyadh) of the invoice it corrects' }) month!: string;
  @Field(() => String) originalInvoiceId!: string;
  @Field(() => String) originalInvoiceNumber!: string;
  @Field(() => Date) originalInvoiceIssuedAt!: Date;
  @Field(() => String) reason!: string;
  @Field(() => String, { nullable: true }) bookingId!: string | null;
  @Field(() => Float, { description: 'SAR refunded to the customer' }) refundAmount!: number;
  @Field(() => InvoiceSeller) seller!: InvoiceSeller;
  @Field(() => CommissionInvoiceBuyer) buyer!: CommissionInvoiceBuyer;
  @Field(() => [CommissionInvoiceLine]) lines!: CommissionInvoiceLine[];
  @Field(() => Float, { description: 'SAR before VAT, negative' }) subtotal!: number;
  @Field(() => Float) vatRate!: number;
  @Field(() => Float, { description: 'Negative' }) vat!: number;
  @Field(() => Float, { description: 'Negative' }) total!: number;
}

export const toGraphqlCommissionCreditNote = (n: CommissionCreditNoteData): CommissionCreditNote => ({
  id: n.id,
  creditNoteNumber: n.credit_note_number,
  issuedAt: new Date(n.issued_at),
  currency: n.currency,
  month: n.month,
  originalInvoiceId: n.original_invoice_id,
  originalInvoiceNumber: n.original_invoice_number,
  originalInvoiceIssuedAt: new Date(n.original_invoice_issued_at),
  reason: n.reason,
  bookingId: n.booking_id,
  refundAmount: n.refund_amount,
  seller: {
    name: n.seller.name,
    vatNumber: n.seller.vat_number,
    address: n.seller.address,
    contactEmail: n.seller.contact_email,
    contactPhone: n.seller.contact_phone,
  },
  buyer: {
    name: n.buyer.name,
    email: n.buyer.email,
    vatNumber: n.buyer.vat_number,
    commercialRegistration: n.buyer.commercial_registration,
  },
  lines: n.lines.map((l) => ({ description: l.description, amount: l.amount })),
  subtotal: n.subtotal,
  vatRate: n.vat_rate,
  vat: n.vat,
  total: n.total,
});
