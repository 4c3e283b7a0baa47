import {
  fromStoredBuyer,
  fromStoredSeller,
  toStoredBuyer,
  toStoredSeller,
  type InvoiceBuyerData,
  type SellerData,
  type StoredInvoiceBuyer,
  type StoredSeller,
} from '../invoices/invoice.types.js';
import { Field, Float, ObjectType } from 'type-graphql';

/**
 * A credit note as issued: frozen when the refund is recorded, never rebuilt. Amounts are negative (credited),
 * SAR; the VAT credited is the original invoice's VAT in proportion to the refund. It keeps what ZATCA phase 2 will
 * need to sign it later: the original invoice's number and date, and the reason.
 */
export interface CreditNoteData {
  creditNoteNumber: string;
  issuedAt: string;
  currency: string;
  bookingId: string;
  originalInvoiceNumber: string;
  originalInvoiceIssuedAt: string;
  reason: string;
  seller: SellerData;
  /** The invoice's buyer block as issued (with the company tax details when it was a standard invoice). */
  buyer: InvoiceBuyerData;
  lines: Array<{ description: string; amount: number }>;
  subtotal: number;
  vatRate: number;
  vat: number;
  total: number;
}

/**
 * A credit note exactly as `refunds.credit_note_snapshot` holds it, and as REST gives it (`GET /api/bookings/{id}/
 * credit-notes`): snake_case, like the invoice it credits (`StoredInvoice`); issued documents never change, so the
 * server renames here only (`fromStoredCreditNote`, `toStoredCreditNote`).
 */
export interface StoredCreditNote {
  credit_note_number: string;
  issued_at: string;
  currency: string;
  booking_id: string;
  original_invoice_number: string;
  original_invoice_issued_at: string;
  reason: string;
  seller: StoredSeller;
  buyer: StoredInvoiceBuyer;
  lines: Array<{ description: string; amount: number }>;
  subtotal: number;
  vat_rate: number;
  vat: number;
  total: number;
}

/** A credit note as the server reads it, from `refunds.credit_note_snapshot`. */
export const fromStoredCreditNote = (s: StoredCreditNote): CreditNoteData => ({
  creditNoteNumber: s.credit_note_number,
  issuedAt: s.issued_at,
  currency: s.currency,
  bookingId: s.booking_id,
  originalInvoiceNumber: s.original_invoice_number,
  originalInvoiceIssuedAt: s.original_invoice_issued_at,
  reason: s.reason,
  seller: fromStoredSeller(s.seller),
  buyer: fromStoredBuyer(s.buyer),
  lines: s.lines.map((l) => ({ description: l.description, amount: l.amount })),
  subtotal: s.subtotal,
  vatRate: s.vat_rate,
  vat: s.vat,
  total: s.total,
});

/** A credit note in the stored names: what a refund writes to `refunds.credit_note_snapshot`, and the REST body. */
export const toStoredCreditNote = (c: CreditNoteData): StoredCreditNote => ({
  credit_note_number: c.creditNoteNumber,
  issued_at: c.issuedAt,
  currency: c.currency,
  booking_id: c.bookingId,
  original_invoice_number: c.originalInvoiceNumber,
  original_invoice_issued_at: c.originalInvoiceIssuedAt,
  reason: c.reason,
  seller: toStoredSeller(c.seller),
  buyer: toStoredBuyer(c.buyer),
  lines: c.lines.map((l) => ({ description: l.description, amount: l.amount })),
  subtotal: c.subtotal,
  vat_rate: c.vatRate,
  vat: c.vat,
  total: c.total,
});

@ObjectType({ description: 'What cancelling a booking now would refund (asked before the customer confirms)' })
export class CancellationQuote {
  @Field(() => String) bookingId!: string;
  @Field(() => String, { description: 'none, flexible, moderate, strict (the policy the booking was made under)' }) policy!: string;
  @Field(() => String, { description: 'customer, host or admin: who would cancel' }) cancelledBy!: string;
  @Field(() => Boolean, { description: 'Whether the booking can still be cancelled' }) canCancel!: boolean;
  @Field(() => Float, { description: 'SAR paid, VAT included (0 when unpaid)' }) paidAmount!: number;
  @Field(() => Float, { description: 'SAR that would be refunded' }) refundAmount!: number;
  @Field(() => Float, { description: 'SAR that would be kept' }) keptAmount!: number;
  @Field(() => String) currency!: string;
  @Field(() => Date, { nullable: true, description: "Until when the policy's best refund applies" }) bestRefundUntil!: Date | null;
}

@ObjectType()
export class CreditNoteLine {
  @Field(() => String) description!: string;
  @Field(() => Float, { description: 'SAR before VAT, negative' }) amount!: number;
}

@ObjectType({ description: 'A credit note issued for a refund (frozen when issued)' })
export class CreditNote {
  @Field(() => String) creditNoteNumber!: string;
  @Field(() => Date) issuedAt!: Date;
  @Field(() => String) originalInvoiceNumber!: string;
  @Field(() => String) reason!: string;
  @Field(() => String) currency!: string;
  @Field(() => [CreditNoteLine]) lines!: CreditNoteLine[];
  @Field(() => Float, { description: 'SAR, negative' }) subtotal!: number;
  @Field(() => Float, { description: 'SAR, negative' }) vat!: number;
  @Field(() => Float, { description: 'SAR, negative' }) total!: number;
}

export const toCreditNote = (c: CreditNoteData): CreditNote => ({
  creditNoteNumber: c.creditNoteNumber,
  issuedAt: new Date(c.issuedAt),
  originalInvoiceNumber: c.originalInvoiceNumber,
  reason: c.reason,
  currency: c.currency,
  lines: c.lines,
  subtotal: c.subtotal,
  vat: c.vat,
  total: c.total,
});
