import { Field, Float, Int, ObjectType } from 'type-graphql';
import {
  toGraphqlAddress,
  toStoredAddress,
  type NationalAddressFields,
  type NationalAddressGraphql,
} from '../../shared/national-address.js';
import { NationalAddress } from '../users/user.entity.js';

@ObjectType()
export class InvoiceSeller {
  @Field(() => String) name!: string;
  @Field(() => String, { description: 'VAT registration number (general settings)' }) vatNumber!: string;
  @Field(() => String) address!: string;
  @Field(() => String, {
    description: 'The address as Arabic renderings print it, frozen at issue; empty (or issued before it was frozen): they print address',
  })
  addressAr!: string;
  @Field(() => String) contactEmail!: string;
  @Field(() => String) contactPhone!: string;
}

@ObjectType({ description: "The buyer's national address (SPL) on a standard tax invoice" })
export class InvoiceBuyerAddressType extends NationalAddress {}

@ObjectType()
export class InvoiceBuyer {
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { nullable: true }) companyName!: string | null;
  @Field(() => String, { nullable: true, description: "The buyer's VAT number: set on a standard (B2B) tax invoice only" })
  vatNumber!: string | null;
  @Field(() => String, { nullable: true, description: "The buyer's commercial registration number (standard invoices)" })
  crNumber!: string | null;
  @Field(() => InvoiceBuyerAddressType, { nullable: true, description: "The buyer's national address (standard invoices)" })
  nationalAddress!: InvoiceBuyerAddressType | null;
}

@ObjectType()
export class InvoiceLine {
  @Field(() => String) description!: string;
  @Field(() => String, { description: 'Pricing period: hour, day, week, month…' }) period!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Float, { description: 'SAR per period, before VAT' }) unitPrice!: number;
  @Field(() => Float, { description: 'SAR, before VAT' }) amount!: number;
}

@ObjectType()
export class BookingInvoice {
  @Field(() => String) bookingId!: string;
  @Field(() => String, { nullable: true, description: "Set when this is a service booking's invoice (startDate = endDate = the meeting)" })
  serviceBookingId!: string | null;
  @Field(() => String) invoiceNumber!: string;
  @Field(() => Date) issuedAt!: Date;
  @Field(() => String) currency!: string;
  @Field(() => InvoiceSeller) seller!: InvoiceSeller;
  @Field(() => String, { description: 'standard (B2B: the buyer block carries the company tax details) or simplified' })
  kind!: 'standard' | 'simplified';
  @Field(() => InvoiceBuyer) buyer!: InvoiceBuyer;
  @Field(() => [InvoiceLine]) lines!: InvoiceLine[];
  @Field(() => Float) subtotal!: number;
  @Field(() => Float) vatRate!: number;
  @Field(() => Float) vat!: number;
  @Field(() => Float) total!: number;
  @Field(() => String, { nullable: true, description: 'The buyer’s card brand; null for the listing’s host' }) cardBrand!: string | null;
  @Field(() => String, { nullable: true, description: 'The buyer’s card’s last 4 digits; null for the listing’s host' }) cardLast4!:
    string | null;
  @Field(() => Date) startDate!: Date;
  @Field(() => Date) endDate!: Date;
  @Field(() => String, { description: 'ZATCA phase-1 QR payload: TLV tags 1–5, Base64' }) qrPayload!: string;
}

/** The buyer's national address as frozen into an invoice or credit note, in the stored (snake_case) names. */
export type InvoiceBuyerAddress = NationalAddressFields;

/** The buyer block of an invoice, and of the credit notes that credit it, as the server reads it. */
export interface InvoiceBuyerData {
  name: string;
  email: string;
  companyName: string | null;
  /**
   * vatNumber / crNumber / nationalAddress: the buyer's company tax details frozen at settlement, set only on a
   * standard (B2B) tax invoice; absent on invoices issued before they existed (those are simplified).
   */
  vatNumber?: string | null;
  crNumber?: string | null;
  nationalAddress?: NationalAddressGraphql | null;
}

/**
 * The tax invoice of a paid booking — standard when the buyer block carries the company's tax details, else
 * simplified — as issued: built once when the payment settles (`invoice.snapshot.ts`), stored (`StoredInvoice`) and
 * read back ever after; `booking.status` is the booking's status at that moment.
 */
export interface InvoiceData {
  /** The booking invoiced; for a service booking its id (also in serviceBookingId). */
  bookingId: string;
  /** Set when the invoice is a service booking's: `booking` then holds the meeting time as start and end. */
  serviceBookingId?: string;
  invoiceNumber: string;
  issuedAt: string;
  currency: string;
  seller: SellerData;
  buyer: InvoiceBuyerData;
  lines: Array<{ description: string; period: string; quantity: number; unitPrice: number; amount: number }>;
  subtotal: number;
  vatRate: number;
  vat: number;
  total: number;
  payment: { cardBrand: string | null; cardLast4: string | null; transactionId: string | null; method: string };
  booking: { startDate: string; endDate: string; status: string };
  qrPayload: string;
}

/**
 * An invoice as one reader may see it. The listing's host (not the buyer, not an admin) gets no payment block: the
 * card brand, last 4 digits, gateway transaction and method are the buyer's, not something a host needs.
 */
export type InvoiceView = Omit<InvoiceData, 'payment'> & { payment: InvoiceData['payment'] | null };

/** The buyer block as stored (snake_case); see `StoredInvoice`. */
export interface StoredInvoiceBuyer {
  name: string;
  email: string;
  company_name: string | null;
  vat_number?: string | null;
  cr_number?: string | null;
  national_address?: InvoiceBuyerAddress | null;
}

/**
 * An issued invoice exactly as `payments.invoice_snapshot` holds it, and as REST gives it (`GET /api/bookings/{id}/
 * invoice`): snake_case. Issued invoices never change, so the stored format does not either; the server renames at
 * this one boundary (`fromStoredInvoice`, `toStoredInvoice`), naming every field of the legal document. A key absent
 * from a stored document stays absent both ways (invoices issued before the company tax details or service bookings
 * existed lack them), so a document read and written back is the one stored.
 */
export interface StoredInvoice {
  booking_id: string;
  service_booking_id?: string;
  invoice_number: string;
  issued_at: string;
  currency: string;
  seller: StoredSeller;
  buyer: StoredInvoiceBuyer;
  lines: Array<{ description: string; period: string; quantity: number; unit_price: number; amount: number }>;
  subtotal: number;
  vat_rate: number;
  vat: number;
  total: number;
  payment: { card_brand: string | null; card_last4: string | null; transaction_id: string | null; method: string };
  booking: { start_date: string; end_date: string; status: string };
  qr_payload: string;
}

/** A stored invoice as its reader may see it (the REST body): no payment block for the listing's host. */
export type StoredInvoiceView = Omit<StoredInvoice, 'payment'> & { payment: StoredInvoice['payment'] | null };

/**
 * The platform as the seller, frozen into every document it issues (invoices, credit notes, commission invoices and
 * their credit notes) from the General settings. `addressAr` is the Arabic address Arabic renderings print (empty
 * when the setting was: they print `address`); absent on documents issued before it was frozen (same fallback).
 */
export interface SellerData {
  name: string;
  vatNumber: string;
  address: string;
  addressAr?: string;
  contactEmail: string;
  contactPhone: string;
}
/** The seller block as stored (snake_case); `address_ar` absent on documents issued before it was frozen. */
export interface StoredSeller {
  name: string;
  vat_number: string;
  address: string;
  address_ar?: string;
  contact_email: string;
  contact_phone: string;
}
export const fromStoredSeller = (s: StoredSeller): SellerData => ({
  name: s.name,
  vatNumber: s.vat_number,
  address: s.address,
  ...(Object.hasOwn(s, 'address_ar') ? { addressAr: s.address_ar } : {}),
  contactEmail: s.contact_email,
  contactPhone: s.contact_phone,
});
export const toStoredSeller = (s: SellerData): StoredSeller => ({
  name: s.name,
  vat_number: s.vatNumber,
  address: s.address,
  ...(Object.hasOwn(s, 'addressAr') ? { address_ar: s.addressAr } : {}),
  contact_email: s.contactEmail,
  contact_phone: s.contactPhone,
});
/** The General settings' fields the seller block is made of (`address_ar`: the Arabic address, may be empty). */
export interface SellerSettings {
  platform_name: string;
  vat_number: string;
  address: string;
  address_ar: string;
  contact_email: string;
  contact_phone: string;
}
/** The seller block a document issued now freezes, from the General settings (the Arabic address always, maybe empty). */
export const sellerBlock = (g: SellerSettings): SellerData => ({
  name: g.platform_name,
  vatNumber: g.vat_number,
  address: g.address,
  addressAr: g.address_ar,
  contactEmail: g.contact_email,
  contactPhone: g.contact_phone,
});
/** The seller block over GraphQL: `addressAr` empty where the document has none. */
export const toGraphqlSeller = (s: SellerData): InvoiceSeller => ({
  name: s.name,
  vatNumber: s.vatNumber,
  address: s.address,
  addressAr: s.addressAr ?? '',
  contactEmail: s.contactEmail,
  contactPhone: s.contactPhone,
});

/** The buyer block as the server reads it (an invoice's, or a credit note's copy of it). */
export function fromStoredBuyer(b: StoredInvoiceBuyer): InvoiceBuyerData {
  return {
    name: b.name,
    email: b.email,
    companyName: b.company_name,
    ...(Object.hasOwn(b, 'vat_number') ? { vatNumber: b.vat_number } : {}),
    ...(Object.hasOwn(b, 'cr_number') ? { crNumber: b.cr_number } : {}),
    ...(Object.hasOwn(b, 'national_address') ? { nationalAddress: b.national_address ? toGraphqlAddress(b.national_address) : null } : {}),
  };
}

/** The buyer block in the stored names. */
export function toStoredBuyer(b: InvoiceBuyerData): StoredInvoiceBuyer {
  return {
    name: b.name,
    email: b.email,
    company_name: b.companyName,
    ...(Object.hasOwn(b, 'vatNumber') ? { vat_number: b.vatNumber } : {}),
    ...(Object.hasOwn(b, 'crNumber') ? { cr_number: b.crNumber } : {}),
    ...(Object.hasOwn(b, 'nationalAddress') ? { national_address: b.nationalAddress ? toStoredAddress(b.nationalAddress) : null } : {}),
  };
}

/** An issued invoice as the server reads it, from `payments.invoice_snapshot`. */
export function fromStoredInvoice(s: StoredInvoice): InvoiceData {
  return {
    bookingId: s.booking_id,
    ...(Object.hasOwn(s, 'service_booking_id') ? { serviceBookingId: s.service_booking_id } : {}),
    invoiceNumber: s.invoice_number,
    issuedAt: s.issued_at,
    currency: s.currency,
    seller: fromStoredSeller(s.seller),
    buyer: fromStoredBuyer(s.buyer),
    lines: s.lines.map((l) => ({
      description: l.description,
      period: l.period,
      quantity: l.quantity,
      unitPrice: l.unit_price,
      amount: l.amount,
    })),
    subtotal: s.subtotal,
    vatRate: s.vat_rate,
    vat: s.vat,
    total: s.total,
    payment: {
      cardBrand: s.payment.card_brand,
      cardLast4: s.payment.card_last4,
      transactionId: s.payment.transaction_id,
      method: s.payment.method,
    },
    booking: { startDate: s.booking.start_date, endDate: s.booking.end_date, status: s.booking.status },
    qrPayload: s.qr_payload,
  };
}

/**
 * An invoice in the stored names: what settlement writes to `payments.invoice_snapshot`, and (a view, the host's
 * without its payment block) the REST body.
 */
export function toStoredInvoice(i: InvoiceData): StoredInvoice;
export function toStoredInvoice(i: InvoiceView): StoredInvoiceView;
export function toStoredInvoice(i: InvoiceView): StoredInvoiceView {
  return {
    booking_id: i.bookingId,
    ...(Object.hasOwn(i, 'serviceBookingId') ? { service_booking_id: i.serviceBookingId } : {}),
    invoice_number: i.invoiceNumber,
    issued_at: i.issuedAt,
    currency: i.currency,
    seller: toStoredSeller(i.seller),
    buyer: toStoredBuyer(i.buyer),
    lines: i.lines.map((l) => ({
      description: l.description,
      period: l.period,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      amount: l.amount,
    })),
    subtotal: i.subtotal,
    vat_rate: i.vatRate,
    vat: i.vat,
    total: i.total,
    payment: i.payment
      ? {
          card_brand: i.payment.cardBrand,
          card_last4: i.payment.cardLast4,
          transaction_id: i.payment.transactionId,
          method: i.payment.method,
        }
      : null,
    booking: { start_date: i.booking.startDate, end_date: i.booking.endDate, status: i.booking.status },
    qr_payload: i.qrPayload,
  };
}
