/** The payments list's query and row shape, shared by the console and the exports. */
import type { FinanceMethod, FinancePaymentStatus } from '../../shared/finance.rules.js';
import type { RefundStatus } from '../../shared/refunds.rules.js';

/** One payment as the finance console lists it. Money in halalas (integers). */
export interface FinancePayment {
  id: string;
  kind: 'booking' | 'service';
  bookingId: string | null;
  serviceBookingId: string | null;
  title: string;
  method: FinanceMethod;
  gateway: string;
  status: FinancePaymentStatus;
  currency: string;
  subtotalHalalas: number;
  vatHalalas: number;
  amountHalalas: number;
  cardBrand: string | null;
  cardLast4: string | null;
  invoiceNumber: string | null;
  error: string | null;
  createdAt: Date;
  paidAt: Date | null;
  customerId: string;
  customerName: string;
  customerEmail: string;
  hostId: string | null;
  hostName: string | null;
  hostEmail: string | null;
  refundId: string | null;
  /** none (no refund recorded), requested, refunded, failed */
  refundStatus: RefundStatus;
  refundAmountHalalas: number;
  refundReason: string | null;
  refundError: string | null;
  creditNoteNumber: string | null;
  /** From payment_splits (resource bookings only); null when the payment has no split. */
  commissionHalalas: number | null;
  vatOnCommissionHalalas: number | null;
  hostShareHalalas: number | null;
  supplierCode: number | null;
  splitSettledAt: Date | null;
}

export type Row = Record<string, unknown>;

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
export const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

export const SELECT = `
  select p.id, p.booking_id, p.service_booking_id, p.method, p.gateway, p.status, p.currency,
         round(p.subtotal * 100)::bigint::text as subtotal_h, round(p.vat * 100)::bigint::text as vat_h,
         round(p.amount * 100)::bigint::text as amount_h, p.card_brand, p.card_last4, p.invoice_number::text as invoice_number,
         p.error, p.created_at, p.paid_at,
         u.id as customer_id, u.full_name as customer_name, u.email as customer_email,
         coalesce(r.title, sb.service_name, '') as title,
         h.id as host_id, h.full_name as host_name, h.email as host_email,
         rf.id as refund_id, rf.status as refund_status, rf.amount_halalas::text as refund_h, rf.reason as refund_reason,
         rf.error as refund_error, rf.credit_note_number::text as credit_note_number,
         s.commission, s.vat_on_commission, s.host_net, s.supplier_code, s.settled_at
    from payments p
    join users u on u.id = p.user_id
    left join bookings b on b.id = p.booking_id
    left join resources r on r.id = b.resource_id
    left join users h on h.id = r.owner_id
    left join service_bookings sb on sb.id = p.service_booking_id
    left join refunds rf on rf.payment_id = p.id
    left join payment_splits s on s.payment_id = p.id`;

export function toPayment(r: Row): FinancePayment {
  return {
    id: String(r.id),
    kind: r.service_booking_id ? 'service' : 'booking',
    bookingId: str(r.booking_id),
    serviceBookingId: str(r.service_booking_id),
    title: String(r.title ?? ''),
    // The columns' checks hold these to the lists (payments_status_check, refunds' status check).
    method: String(r.method) as FinanceMethod,
    gateway: String(r.gateway),
    status: String(r.status) as FinancePaymentStatus,
    currency: String(r.currency),
    subtotalHalalas: num(r.subtotal_h),
    vatHalalas: num(r.vat_h),
    amountHalalas: num(r.amount_h),
    cardBrand: str(r.card_brand),
    cardLast4: str(r.card_last4),
    invoiceNumber: str(r.invoice_number),
    error: str(r.error),
    createdAt: date(r.created_at)!,
    paidAt: date(r.paid_at),
    customerId: String(r.customer_id),
    customerName: String(r.customer_name ?? ''),
    customerEmail: String(r.customer_email ?? ''),
    hostId: str(r.host_id),
    hostName: str(r.host_name),
    hostEmail: str(r.host_email),
    refundId: str(r.refund_id),
    refundStatus: r.refund_id ? (String(r.refund_status) as RefundStatus) : 'none',
    refundAmountHalalas: num(r.refund_h),
    refundReason: str(r.refund_reason),
    refundError: str(r.refund_error),
    creditNoteNumber: str(r.credit_note_number),
    commissionHalalas: numOrNull(r.commission),
    vatOnCommissionHalalas: numOrNull(r.vat_on_commission),
    hostShareHalalas: numOrNull(r.host_net),
    supplierCode: numOrNull(r.supplier_code),
    splitSettledAt: date(r.settled_at),
  };
}
