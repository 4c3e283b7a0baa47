import { sarText, VAT_RATE } from '../common/money.js';
import { riyadhTimestamp, zatcaQrPayload } from './zatca.js';
import {
  fromStoredBuyer,
  sellerBlock,
  type InvoiceBuyerAddress,
  type InvoiceData,
  type SellerSettings,
  type StoredInvoiceBuyer,
} from './invoice.types.js';

/**
 * What an invoice is made of, read in one query from the payment, its booking, the booking's user and the listing.
 * Settlement runs it inside the transaction that marks the payment paid (so it sees the number and `paid_at` just
 * given); the backfill migration runs it over payments paid before snapshots existed.
 */
export const INVOICE_FACTS_SQL = `
  select p.id as payment_id, p.invoice_number::text as invoice_number, p.paid_at, p.currency, p.subtotal, p.vat, p.amount,
         p.method, p.card_brand, p.card_last4, p.transaction_id,
         b.id as booking_id, b.periods, b.unit_price, b.start_date, b.end_date, b.status as booking_status,
         r.title, r.period,
         u.full_name, u.email, u.company_name, u.vat_number, u.cr_number, u.national_address
    from payments p
    join bookings b on b.id = p.booking_id
    join resources r on r.id = b.resource_id
    join users u on u.id = b.user_id`;

/**
 * The same facts for a paid service booking, shaped like a booking's: one line (the service in the customer's
 * language, quantity 1, the quote) and the meeting time where a booking has its dates.
 */
export const SERVICE_INVOICE_FACTS_SQL = `
  select p.id as payment_id, p.invoice_number::text as invoice_number, p.paid_at, p.currency, p.subtotal, p.vat, p.amount,
         p.method, p.card_brand, p.card_last4, p.transaction_id,
         s.id as booking_id, s.id as service_booking_id, 1 as periods, p.subtotal as unit_price,
         s.scheduled_at as start_date, s.scheduled_at as end_date, s.status as booking_status,
         case when s.locale = 'ar' then s.service_name_ar else s.service_name end as title, 'service' as period,
         u.full_name, u.email, u.company_name, u.vat_number, u.cr_number, u.national_address
    from payments p
    join service_bookings s on s.id = p.service_booking_id
    join users u on u.id = s.user_id`;

export type InvoiceFacts = Record<string, unknown>;

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * The buyer's company tax details as the invoice freezes them: only when the profile holds a valid VAT number and a
 * full national address at settlement — what a standard (B2B) tax invoice needs — and then the invoice is a
 * standard one (ZATCA clears it); otherwise the block has none of them (as invoices issued before they existed) and
 * the invoice is simplified. A later profile edit changes no issued invoice. In the stored names: a commission
 * invoice stores them as they are.
 */
export function buyerTaxDetails(f: InvoiceFacts): Pick<StoredInvoiceBuyer, 'vat_number' | 'cr_number' | 'national_address'> {
  const none = {};
  const vat = typeof f.vat_number === 'string' && /^3\d{13}3$/.test(f.vat_number) ? f.vat_number : null;
  const raw = (typeof f.national_address === 'string' ? JSON.parse(f.national_address) : f.national_address) as Record<
    string,
    string | null
  > | null;
  if (!vat || !raw?.building_number || !raw.street || !raw.district || !raw.city || !raw.postal_code) return none;
  const address: InvoiceBuyerAddress = {
    building_number: raw.building_number,
    street: raw.street,
    district: raw.district,
    city: raw.city,
    postal_code: raw.postal_code,
    additional_number: raw.additional_number || null,
  };
  return { vat_number: vat, cr_number: str(f.cr_number), national_address: address };
}

/**
 * The invoice as issued: everything it shows, fixed at settlement (stored as `payments.invoice_snapshot`, in the
 * stored names `toStoredInvoice` gives, and read back as it is — a later edit of the listing, the settings or the buyer's profile changes no issued invoice).
 */
export function invoiceSnapshot(f: InvoiceFacts, seller: SellerSettings): InvoiceData {
  const issued = new Date(f.paid_at as string | Date);
  const subtotal = Number(f.subtotal);
  const vat = Number(f.vat);
  const total = Number(f.amount);
  return {
    bookingId: String(f.booking_id),
    ...(f.service_booking_id ? { serviceBookingId: String(f.service_booking_id) } : {}),
    invoiceNumber: String(f.invoice_number),
    issuedAt: issued.toISOString(),
    currency: String(f.currency),
    seller: sellerBlock(seller),
    buyer: fromStoredBuyer({ name: String(f.full_name), email: String(f.email), company_name: str(f.company_name), ...buyerTaxDetails(f) }),
    // The invoice states what was charged: the payment's amounts, fixed at payment time.
    lines: [
      {
        description: String(f.title),
        period: String(f.period),
        quantity: Number(f.periods),
        unitPrice: Number(f.unit_price),
        amount: subtotal,
      },
    ],
    subtotal,
    vatRate: VAT_RATE,
    vat,
    total,
    payment: {
      cardBrand: str(f.card_brand),
      cardLast4: str(f.card_last4),
      transactionId: str(f.transaction_id),
      method: String(f.method),
    },
    booking: {
      startDate: new Date(f.start_date as string | Date).toISOString(),
      endDate: new Date(f.end_date as string | Date).toISOString(),
      status: String(f.booking_status),
    },
    qrPayload: zatcaQrPayload({
      sellerName: seller.platform_name,
      vatNumber: seller.vat_number,
      timestamp: riyadhTimestamp(issued),
      total: sarText(total),
      vat: sarText(vat),
    }),
  };
}
