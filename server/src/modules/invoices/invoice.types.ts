import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType()
export class InvoiceSeller {
  @Field(() => String) name!: string;
  @Field(() => String, { description: 'VAT registration number (general settings)' }) vatNumber!: string;
  @Field(() => String) address!: string;
  @Field(() => String) contactEmail!: string;
  @Field(() => String) contactPhone!: string;
}

@ObjectType({ description: "The buyer's national address (SPL) on a standard tax invoice" })
export class InvoiceBuyerAddressType {
  @Field(() => String) buildingNumber!: string;
  @Field(() => String) street!: string;
  @Field(() => String) district!: string;
  @Field(() => String) city!: string;
  @Field(() => String) postalCode!: string;
  @Field(() => String, { nullable: true }) additionalNumber!: string | null;
}

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

export interface InvoiceBuyerAddress {
  building_number: string;
  street: string;
  district: string;
  city: string;
  postal_code: string;
  additional_number: string | null;
}

/**
 * The tax invoice of a paid booking — standard when the buyer block carries the company's tax details, else simplified (snake_case: it is also the REST body), as issued: built once when
 * the payment settles (`invoice.snapshot.ts`) and stored; `booking.status` is the booking's status at that moment.
 */
export interface InvoiceData {
  /** The booking invoiced; for a service booking its id (also in service_booking_id). */
  booking_id: string;
  /** Set when the invoice is a service booking's: `booking` then holds the meeting time as start and end. */
  service_booking_id?: string;
  invoice_number: string;
  issued_at: string;
  currency: string;
  seller: { name: string; vat_number: string; address: string; contact_email: string; contact_phone: string };
  /**
   * vat_number / cr_number / national_address: the buyer's company tax details frozen at settlement, set only on a
   * standard (B2B) tax invoice; absent on invoices issued before they existed (those are simplified).
   */
  buyer: {
    name: string;
    email: string;
    company_name: string | null;
    vat_number?: string | null;
    cr_number?: string | null;
    national_address?: InvoiceBuyerAddress | null;
  };
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
