import type { InvoiceData } from '../invoices/invoice.types.js';
import { Field, Float, ObjectType } from 'type-graphql';

/**
 * A credit note as issued: frozen when the refund is recorded, never rebuilt. Amounts are negative (credited),
 * SAR; the VAT credited is the original invoice's VAT in proportion to the refund. It keeps what ZATCA phase 2 will
 * need to sign it later: the original invoice's number and date, and the reason.
 */
export interface CreditNoteData {
  credit_note_number: string;
  issued_at: string;
  currency: string;
  booking_id: string;
  original_invoice_number: string;
  original_invoice_issued_at: string;
  reason: string;
  seller: { name: string; vat_number: string; address: string; contact_email: string; contact_phone: string };
  /** The invoice's buyer block as issued (with the company tax details when it was a standard invoice). */
  buyer: InvoiceData['buyer'];
  lines: Array<{ description: string; amount: number }>;
  subtotal: number;
  vat_rate: number;
  vat: number;
  total: number;
}

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
  creditNoteNumber: c.credit_note_number,
  issuedAt: new Date(c.issued_at),
  originalInvoiceNumber: c.original_invoice_number,
  reason: c.reason,
  currency: c.currency,
  lines: c.lines,
  subtotal: c.subtotal,
  vat: c.vat,
  total: c.total,
});
