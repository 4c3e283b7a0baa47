import { Field, Float, Int, ObjectType } from 'type-graphql';
import {
  InvoiceBuyerAddressType,
  InvoiceSeller,
  fromStoredSeller,
  toGraphqlSeller,
  toStoredSeller,
  type InvoiceBuyerAddress,
  type SellerData,
  type StoredSeller,
} from './invoice.types.js';
import { toGraphqlAddress as graphqlAddress, toStoredAddress, type NationalAddressGraphql } from '../../shared/national-address.js';

/**
 * The host as the buyer of a commission document: as in its payout profile (legal name, VAT number if registered,
 * commercial registration), and the national address of its account profile frozen at issue — only with a VAT
 * number and a complete address, what a standard (cleared) e-invoice needs; absent otherwise and on invoices issued
 * before it was frozen (simplified).
 */
export interface CommissionBuyerData {
  name: string;
  email: string;
  vatNumber: string | null;
  commercialRegistration: string | null;
  nationalAddress?: NationalAddressGraphql | null;
}

/**
 * The tax invoice from the platform to a host for one Riyadh calendar month's commission, as issued: built once by
 * the `commission-invoices.issue` job, stored (`StoredCommissionInvoice`) and read back; never rebuilt.
 */
export interface CommissionInvoiceData {
  id: string;
  /** Its own series: `COM-` and the number, 6 digits at least (booking invoices are plain numbers). */
  invoiceNumber: string;
  /** YYYY-MM, Riyadh calendar. */
  month: string;
  /** The month's first and the next month's first instant (Riyadh midnight, UTC ISO). */
  periodStart: string;
  periodEnd: string;
  issuedAt: string;
  currency: string;
  seller: SellerData;
  buyer: CommissionBuyerData;
  lines: Array<{ description: string; amount: number }>;
  /** The month's settled payments the commission was taken on, and what they came to (SAR, VAT included). */
  paymentsCount: number;
  gross: number;
  /**
   * Commission and its VAT given back on refunds of those payments completed before the invoice was issued (SAR;
   * already taken off subtotal and VAT), and how many refunds. Absent on invoices issued before refunds were netted.
   */
  refundedCommission?: number;
  refundedVat?: number;
  refundsCount?: number;
  /** The commission invoiced (net of those refunds), SAR before VAT. */
  subtotal: number;
  vatRate: number;
  vat: number;
  total: number;
  qrPayload: string;
}

/** The host's buyer block as stored (snake_case); see `StoredCommissionInvoice`. */
interface StoredCommissionBuyer {
  name: string;
  email: string;
  vat_number: string | null;
  commercial_registration: string | null;
  national_address?: InvoiceBuyerAddress | null;
}

/**
 * A commission invoice exactly as `commission_invoices.snapshot` holds it, and as REST gives it: snake_case. Issued
 * documents never change, so the server renames at this one boundary (`fromStoredCommissionInvoice`,
 * `toStoredCommissionInvoice`), naming every field; a key absent from a stored document stays absent.
 */
export interface StoredCommissionInvoice {
  id: string;
  invoice_number: string;
  month: string;
  period_start: string;
  period_end: string;
  issued_at: string;
  currency: string;
  seller: StoredSeller;
  buyer: StoredCommissionBuyer;
  lines: Array<{ description: string; amount: number }>;
  payments_count: number;
  gross: number;
  refunded_commission?: number;
  refunded_vat?: number;
  refunds_count?: number;
  subtotal: number;
  vat_rate: number;
  vat: number;
  total: number;
  qr_payload: string;
}

const fromStoredBuyer = (b: StoredCommissionBuyer): CommissionBuyerData => ({
  name: b.name,
  email: b.email,
  vatNumber: b.vat_number,
  commercialRegistration: b.commercial_registration,
  ...(Object.hasOwn(b, 'national_address') ? { nationalAddress: b.national_address ? graphqlAddress(b.national_address) : null } : {}),
});
const toStoredBuyer = (b: CommissionBuyerData): StoredCommissionBuyer => ({
  name: b.name,
  email: b.email,
  vat_number: b.vatNumber,
  commercial_registration: b.commercialRegistration,
  ...(Object.hasOwn(b, 'nationalAddress') ? { national_address: b.nationalAddress ? toStoredAddress(b.nationalAddress) : null } : {}),
});
const lines = (ls: Array<{ description: string; amount: number }>) => ls.map((l) => ({ description: l.description, amount: l.amount }));

/** A commission invoice as the server reads it, from `commission_invoices.snapshot`. */
export const fromStoredCommissionInvoice = (s: StoredCommissionInvoice): CommissionInvoiceData => ({
  id: s.id,
  invoiceNumber: s.invoice_number,
  month: s.month,
  periodStart: s.period_start,
  periodEnd: s.period_end,
  issuedAt: s.issued_at,
  currency: s.currency,
  seller: fromStoredSeller(s.seller),
  buyer: fromStoredBuyer(s.buyer),
  lines: lines(s.lines),
  paymentsCount: s.payments_count,
  gross: s.gross,
  ...(Object.hasOwn(s, 'refunded_commission') ? { refundedCommission: s.refunded_commission } : {}),
  ...(Object.hasOwn(s, 'refunded_vat') ? { refundedVat: s.refunded_vat } : {}),
  ...(Object.hasOwn(s, 'refunds_count') ? { refundsCount: s.refunds_count } : {}),
  subtotal: s.subtotal,
  vatRate: s.vat_rate,
  vat: s.vat,
  total: s.total,
  qrPayload: s.qr_payload,
});

/** A commission invoice in the stored names: what the issuing job writes, and the REST body. */
export const toStoredCommissionInvoice = (i: CommissionInvoiceData): StoredCommissionInvoice => ({
  id: i.id,
  invoice_number: i.invoiceNumber,
  month: i.month,
  period_start: i.periodStart,
  period_end: i.periodEnd,
  issued_at: i.issuedAt,
  currency: i.currency,
  seller: toStoredSeller(i.seller),
  buyer: toStoredBuyer(i.buyer),
  lines: lines(i.lines),
  payments_count: i.paymentsCount,
  gross: i.gross,
  ...(Object.hasOwn(i, 'refundedCommission') ? { refunded_commission: i.refundedCommission } : {}),
  ...(Object.hasOwn(i, 'refundedVat') ? { refunded_vat: i.refundedVat } : {}),
  ...(Object.hasOwn(i, 'refundsCount') ? { refunds_count: i.refundsCount } : {}),
  subtotal: i.subtotal,
  vat_rate: i.vatRate,
  vat: i.vat,
  total: i.total,
  qr_payload: i.qrPayload,
});

@ObjectType()
export class CommissionInvoiceBuyer {
  @Field(() => String, { description: "The payout profile's legal name" }) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { nullable: true }) vatNumber!: string | null;
  @Field(() => String, { nullable: true }) commercialRegistration!: string | null;
  @Field(() => InvoiceBuyerAddressType, {
    nullable: true,
    description: "The host's national address frozen at issue (with a VAT number: the e-invoice is a standard one)",
  })
  nationalAddress!: InvoiceBuyerAddressType | null;
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
  @Field(() => Boolean, { description: 'Its ZATCA e-invoice XML can be downloaded now (REST /{id}.xml; cleared or reported)' })
  zatcaXml!: boolean;
}

export const toGraphqlCommissionInvoice = (i: CommissionInvoiceData, zatcaXml = false): CommissionInvoice => ({
  id: i.id,
  invoiceNumber: i.invoiceNumber,
  month: i.month,
  periodStart: new Date(i.periodStart),
  periodEnd: new Date(i.periodEnd),
  issuedAt: new Date(i.issuedAt),
  currency: i.currency,
  seller: toGraphqlSeller(i.seller),
  buyer: { ...i.buyer, nationalAddress: i.buyer.nationalAddress ?? null },
  lines: lines(i.lines),
  paymentsCount: i.paymentsCount,
  gross: i.gross,
  refundedCommission: i.refundedCommission ?? 0,
  refundedVat: i.refundedVat ?? 0,
  refundsCount: i.refundsCount ?? 0,
  subtotal: i.subtotal,
  vatRate: i.vatRate,
  vat: i.vat,
  total: i.total,
  qrPayload: i.qrPayload,
  zatcaXml,
});

/**
 * A credit note from the platform to a host for commission given back on a refund completed after the month's
 * commission invoice was issued, as issued: frozen (`StoredCommissionCreditNote`), never rebuilt. Negative amounts,
 * as the buyers' credit notes.
 */
export interface CommissionCreditNoteData {
  id: string;
  /** Its own series: `CCN-` and the number, 6 digits at least. */
  creditNoteNumber: string;
  issuedAt: string;
  currency: string;
  /** The month (YYYY-MM, Riyadh) of the invoice it corrects. */
  month: string;
  originalInvoiceId: string;
  originalInvoiceNumber: string;
  originalInvoiceIssuedAt: string;
  /** Always `refund`: commission given back because the customer's payment was refunded. */
  reason: 'refund';
  refundId: string;
  /** The booking refunded (short reference on the PDF) and what the customer got back (SAR). */
  bookingId: string | null;
  refundAmount: number;
  seller: CommissionInvoiceData['seller'];
  buyer: CommissionInvoiceData['buyer'];
  lines: Array<{ description: string; amount: number }>;
  subtotal: number;
  vatRate: number;
  vat: number;
  total: number;
}

/** A commission credit note exactly as `commission_credit_notes.snapshot` holds it, and as REST gives it. */
export interface StoredCommissionCreditNote {
  id: string;
  credit_note_number: string;
  issued_at: string;
  currency: string;
  month: string;
  original_invoice_id: string;
  original_invoice_number: string;
  original_invoice_issued_at: string;
  reason: 'refund';
  refund_id: string;
  booking_id: string | null;
  refund_amount: number;
  seller: StoredCommissionInvoice['seller'];
  buyer: StoredCommissionBuyer;
  lines: Array<{ description: string; amount: number }>;
  subtotal: number;
  vat_rate: number;
  vat: number;
  total: number;
}

/** A commission credit note as the server reads it, from `commission_credit_notes.snapshot`. */
export const fromStoredCommissionCreditNote = (s: StoredCommissionCreditNote): CommissionCreditNoteData => ({
  id: s.id,
  creditNoteNumber: s.credit_note_number,
  issuedAt: s.issued_at,
  currency: s.currency,
  month: s.month,
  originalInvoiceId: s.original_invoice_id,
  originalInvoiceNumber: s.original_invoice_number,
  originalInvoiceIssuedAt: s.original_invoice_issued_at,
  reason: s.reason,
  refundId: s.refund_id,
  bookingId: s.booking_id,
  refundAmount: s.refund_amount,
  seller: fromStoredSeller(s.seller),
  buyer: fromStoredBuyer(s.buyer),
  lines: lines(s.lines),
  subtotal: s.subtotal,
  vatRate: s.vat_rate,
  vat: s.vat,
  total: s.total,
});

/** A commission credit note in the stored names: what the issuing job writes, and the REST body. */
export const toStoredCommissionCreditNote = (n: CommissionCreditNoteData): StoredCommissionCreditNote => ({
  id: n.id,
  credit_note_number: n.creditNoteNumber,
  issued_at: n.issuedAt,
  currency: n.currency,
  month: n.month,
  original_invoice_id: n.originalInvoiceId,
  original_invoice_number: n.originalInvoiceNumber,
  original_invoice_issued_at: n.originalInvoiceIssuedAt,
  reason: n.reason,
  refund_id: n.refundId,
  booking_id: n.bookingId,
  refund_amount: n.refundAmount,
  seller: toStoredSeller(n.seller),
  buyer: toStoredBuyer(n.buyer),
  lines: lines(n.lines),
  subtotal: n.subtotal,
  vat_rate: n.vatRate,
  vat: n.vat,
  total: n.total,
});

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
  @Field(() => Boolean, { description: 'Its ZATCA e-invoice XML can be downloaded now (REST /{id}.xml; cleared or reported)' })
  zatcaXml!: boolean;
}

export const toGraphqlCommissionCreditNote = (n: CommissionCreditNoteData, zatcaXml = false): CommissionCreditNote => ({
  id: n.id,
  creditNoteNumber: n.creditNoteNumber,
  issuedAt: new Date(n.issuedAt),
  currency: n.currency,
  month: n.month,
  originalInvoiceId: n.originalInvoiceId,
  originalInvoiceNumber: n.originalInvoiceNumber,
  originalInvoiceIssuedAt: new Date(n.originalInvoiceIssuedAt),
  reason: n.reason,
  bookingId: n.bookingId,
  refundAmount: n.refundAmount,
  seller: toGraphqlSeller(n.seller),
  buyer: { ...n.buyer, nationalAddress: n.buyer.nationalAddress ?? null },
  lines: lines(n.lines),
  subtotal: n.subtotal,
  vatRate: n.vatRate,
  vat: n.vat,
  total: n.total,
  zatcaXml,
});
