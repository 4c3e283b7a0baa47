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
  subtotal: i.subtotal,
  vatRate: i.vat_rate,
  vat: i.vat,
  total: i.total,
  qrPayload: i.qr_payload,
});
