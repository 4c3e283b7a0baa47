/**
 * The finance exports' tables (issue #24), computed in halalas; sheet.ts writes them as CSV or XLSX (SAR with two
 * decimals). Times are Riyadh wall-clock time, months Riyadh calendar months.
 */
import { RIYADH_OFFSET_MS } from '../../shared/dates.js';
import { toHalalas } from '../../shared/money.js';
import type { FinanceReport } from '../../shared/finance.rules.js';
import { date, num, SELECT, str, toPayment, type Row } from './finance.rows.js';
import type { Table } from './sheet.js';

type Run = (sql: string, params: unknown[]) => Promise<Row[]>;

/** `2026-11-26 14:05` in Riyadh. */
const riyadh = (d: Date | null) => (d ? new Date(d.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ') : null);
/** `2026-11` in Riyadh. */
const riyadhMonth = (d: Date) => new Date(d.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 7);

const text = (header: string) => ({ header, kind: 'text' as const });
const money = (header: string) => ({ header, kind: 'money' as const });
const int = (header: string) => ({ header, kind: 'int' as const });

async function payments(run: Run, from: Date, to: Date): Promise<Table> {
  const rows = (await run(`${SELECT} where p.created_at >= ? and p.created_at < ? order by p.created_at, p.id`, [from, to])).map(toPayment);
  return {
    columns: [
      text('payment_id'),
      text('created_at'),
      text('paid_at'),
      text('status'),
      text('method'),
      text('gateway'),
      text('kind'),
      text('booking_id'),
      text('title'),
      text('customer_name'),
      text('customer_email'),
      text('host_name'),
      text('host_email'),
      money('subtotal_sar'),
      money('vat_sar'),
      money('amount_sar'),
      money('commission_sar'),
      money('vat_on_commission_sar'),
      money('host_share_sar'),
      text('refund_status'),
      money('refund_sar'),
      text('invoice_number'),
      text('card'),
    ],
    rows: rows.map((p) => [
      p.id,
      riyadh(p.createdAt),
      riyadh(p.paidAt),
      p.status,
      p.method,
      p.gateway,
      p.kind,
      p.bookingId ?? p.serviceBookingId,
      p.title,
      p.customerName,
      p.customerEmail,
      p.hostName,
      p.hostEmail,
      p.subtotalHalalas,
      p.vatHalalas,
      p.amountHalalas,
      p.commissionHalalas,
      p.vatOnCommissionHalalas,
      p.hostShareHalalas,
      p.refundStatus,
      p.refundId ? p.refundAmountHalalas : null,
      p.invoiceNumber,
      p.cardBrand ? `${p.cardBrand} ${p.cardLast4 ?? ''}`.trim() : null,
    ]),
  };
}

async function refunds(run: Run, from: Date, to: Date): Promise<Table> {
  const rows = await run(
    `select rf.id, rf.created_at, rf.refunded_at, rf.status, rf.reason, rf.policy, rf.payment_id, coalesce(rf.booking_id, rf.service_booking_id) as booking_id,
            u.full_name, u.email, rf.amount_halalas::text as amount_h, rf.credit_note_number::text as credit_note_number,
            rf.credit_note_snapshot, rf.gateway_refund_id, rf.error
       from refunds rf join users u on u.id = rf.user_id
      where rf.created_at >= ? and rf.created_at < ? order by rf.created_at, rf.id`,
    [from, to],
  );
  return {
    columns: [
      text('refund_id'),
      text('recorded_at'),
      text('refunded_at'),
      text('status'),
      text('reason'),
      text('policy'),
      text('payment_id'),
      text('booking_id'),
      text('customer_name'),
      text('customer_email'),
      money('amount_sar'),
      text('credit_note_number'),
      money('credit_note_net_sar'),
      money('credit_note_vat_sar'),
      text('gateway_refund_id'),
      text('error'),
    ],
    rows: rows.map((r) => {
      const note = r.credit_note_snapshot as { subtotal: number; vat: number } | null;
      return [
        String(r.id),
        riyadh(date(r.created_at)),
        riyadh(date(r.refunded_at)),
        String(r.status),
        String(r.reason),
        str(r.policy),
        String(r.payment_id),
        str(r.booking_id),
        String(r.full_name ?? ''),
        String(r.email ?? ''),
        num(r.amount_h),
        str(r.credit_note_number),
        note ? -toHalalas(note.subtotal) : null,
        note ? -toHalalas(note.vat) : null,
        str(r.gateway_refund_id),
        str(r.error),
      ];
    }),
  };
}

/**
 * Every riyal that left to hosts: the host's share of each settled payment (with its VAT model: gross = commission +
 * VAT on commission + the customer's VAT Mawarid keeps as deemed supplier + host share) (sent to their MyFatoorah supplier, or held:
 * no approved supplier), and each transfer of a held balance to the host's supplier (TransferBalance; one row per
 * transfer made or still unanswered in the range, by the time it was sent; `payout` = held_transfer, the amount in
 * host_share_sar, no payment; `held_collection` for money a host owed collected back, negative). A transfer an admin
 * marked as not sent (failed) moved nothing and is left out.
 */
async function payouts(run: Run, from: Date, to: Date): Promise<Table> {
  const rows = await run(
    `select s.payment_id, s.settled_at as at, s.category, s.gross, s.commission, s.vat_on_commission, s.host_net, s.supplier_code,
            h.full_name, h.email, p.booking_id, null as transfer_id, null as transfer_status, null as gateway_reference,
            s.vat_model, s.platform_vat
       from payment_splits s join users h on h.id = s.host_id join payments p on p.id = s.payment_id
      where s.settled_at >= ? and s.settled_at < ?
     union all
     select null, t.created_at, null, null, null, null,
            case when t.transfer_type = 'pull' then -t.amount_halalas else t.amount_halalas end, t.supplier_code,
            h.full_name, h.email, null, t.id, t.status, t.gateway_reference, null, null
       from held_payouts t join users h on h.id = t.host_id
      where t.status <> 'failed' and t.created_at >= ? and t.created_at < ?
      order by at, payment_id, transfer_id`,
    [from, to, from, to],
  );
  return {
    columns: [
      text('payment_id'),
      text('settled_at'),
      text('booking_id'),
      text('host_name'),
      text('host_email'),
      text('category'),
      text('supplier_code'),
      text('payout'),
      text('vat_model'),
      money('gross_sar'),
      money('commission_sar'),
      money('vat_on_commission_sar'),
      money('platform_vat_sar'),
      money('host_share_sar'),
      text('held_transfer_id'),
      text('held_transfer_status'),
      text('gateway_reference'),
    ],
    rows: rows.map((r) =>
      r.transfer_id === null
        ? [
            String(r.payment_id),
            riyadh(date(r.at)),
            str(r.booking_id),
            String(r.full_name ?? ''),
            String(r.email ?? ''),
            String(r.category),
            str(r.supplier_code),
            r.supplier_code === null ? 'held' : 'supplier',
            String(r.vat_model),
            num(r.gross),
            num(r.commission),
            num(r.vat_on_commission),
            num(r.platform_vat),
            num(r.host_net),
            null,
            null,
            null,
          ]
        : [
            null,
            riyadh(date(r.at)),
            null,
            String(r.full_name ?? ''),
            String(r.email ?? ''),
            null,
            str(r.supplier_code),
            num(r.host_net) < 0 ? 'held_collection' : 'held_transfer',
            null,
            null,
            null,
            null,
            null,
            num(r.host_net),
            String(r.transfer_id),
            String(r.transfer_status),
            str(r.gateway_reference),
          ],
    ),
  };
}

/** One Riyadh month of the VAT report, in halalas. */
interface VatMonth {
  month: string;
  invoices: number;
  salesNet: number;
  salesVat: number;
  commission: number;
  vatOnCommission: number;
  creditNotes: number;
  creditNotesNet: number;
  creditNotesVat: number;
  refunded: number;
  hostInvoices: number;
  hostSalesNet: number;
  hostSalesVat: number;
  hostCreditNotesVat: number;
}

const VAT_KEYS = [
  'invoices',
  'salesNet',
  'salesVat',
  'commission',
  'vatOnCommission',
  'creditNotes',
  'creditNotesNet',
  'creditNotesVat',
  'refunded',
  'hostInvoices',
  'hostSalesNet',
  'hostSalesVat',
  'hostCreditNotesVat',
] as const;

/**
 * Whose supply a payment's customer invoice is (docs/money.md): a booking of a VAT-registered host (`agent` split) is
 * the host's, its VAT the host's to declare; everything else — service bookings, bookings of unregistered hosts
 * (Mawarid the deemed supplier), a payment with no split — is Mawarid's.
 */
const HOSTS_SUPPLY = `exists (select 1 from payment_splits hs where hs.payment_id = p.id and hs.vat_model = 'agent')`;

/**
 * Per Riyadh month, from the documents issued, Mawarid's VAT only: sales = Mawarid's customer invoices by their invoice
 * date (net and output VAT, fixed at payment); commission and its VAT = the commission invoices issued that month less
 * the commission credit notes issued that month; credit notes = Mawarid's customer credit notes by their issue date
 * (positive here); refunded = refunds the gateway completed that month. Net output VAT = VAT on sales + VAT on
 * commission − VAT credited. The customer invoices and credit notes of VAT-registered hosts' bookings (the host's
 * supplies, their VAT passed on in the host's share) are shown apart and are not Mawarid's to declare.
 */
async function vatMonths(run: Run, from: Date, to: Date): Promise<VatMonth[]> {
  const months = new Map<string, VatMonth>();
  const at = (d: Date) => {
    const m = riyadhMonth(d);
    let v = months.get(m);
    if (!v) months.set(m, (v = { month: m, ...Object.fromEntries(VAT_KEYS.map((k) => [k, 0])) } as VatMonth));
    return v;
  };
  const sales = await run(
    `select p.paid_at, round(p.subtotal * 100)::bigint::text as net, round(p.vat * 100)::bigint::text as vat, ${HOSTS_SUPPLY} as hosts
       from payments p where p.invoice_number is not null and p.paid_at >= ? and p.paid_at < ?`,
    [from, to],
  );
  for (const s of sales) {
    const m = at(date(s.paid_at)!);
    if (s.hosts) {
      m.hostInvoices += 1;
      m.hostSalesNet += num(s.net);
      m.hostSalesVat += num(s.vat);
    } else {
      m.invoices += 1;
      m.salesNet += num(s.net);
      m.salesVat += num(s.vat);
    }
  }
  const commission = await run(
    `select issued_at, commission_halalas::text as commission, vat_halalas::text as vat from commission_invoices
      where issued_at >= ? and issued_at < ?
     union all
     select issued_at, (-commission_halalas)::text, (-vat_halalas)::text from commission_credit_notes
      where issued_at >= ? and issued_at < ?`,
    [from, to, from, to],
  );
  for (const c of commission) {
    const m = at(date(c.issued_at)!);
    m.commission += num(c.commission);
    m.vatOnCommission += num(c.vat);
  }
  const notes = await run(
    `select r.credit_note_snapshot, ${HOSTS_SUPPLY} as hosts from refunds r join payments p on p.id = r.payment_id
      where r.credit_note_number is not null
        and (r.credit_note_snapshot->>'issued_at')::timestamptz >= ? and (r.credit_note_snapshot->>'issued_at')::timestamptz < ?`,
    [from, to],
  );
  for (const n of notes) {
    const note = n.credit_note_snapshot as { issued_at: string; subtotal: number; vat: number };
    const m = at(new Date(note.issued_at));
    if (n.hosts) {
      m.hostCreditNotesVat += -toHalalas(note.vat);
    } else {
      m.creditNotes += 1;
      m.creditNotesNet += -toHalalas(note.subtotal);
      m.creditNotesVat += -toHalalas(note.vat);
    }
  }
  const refunded = await run(
    `select refunded_at, amount_halalas::text as amount from refunds where status = 'refunded' and refunded_at >= ? and refunded_at < ?`,
    [from, to],
  );
  for (const r of refunded) at(date(r.refunded_at)!).refunded += num(r.amount);
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

async function vat(run: Run, from: Date, to: Date): Promise<Table> {
  const months = await vatMonths(run, from, to);
  const total = months.reduce<VatMonth>(
    (t, m) => {
      for (const k of VAT_KEYS) t[k] += m[k];
      return t;
    },
    { month: 'total', ...Object.fromEntries(VAT_KEYS.map((k) => [k, 0])) } as VatMonth,
  );
  const row = (m: VatMonth) => [
    m.month,
    m.invoices,
    m.salesNet,
    m.salesVat,
    m.commission,
    m.vatOnCommission,
    m.creditNotes,
    m.creditNotesNet,
    m.creditNotesVat,
    m.refunded,
    m.salesVat + m.vatOnCommission - m.creditNotesVat,
    m.hostInvoices,
    m.hostSalesNet,
    m.hostSalesVat,
    m.hostCreditNotesVat,
  ];
  return {
    columns: [
      text('month'),
      int('invoices'),
      money('sales_net_sar'),
      money('output_vat_on_sales_sar'),
      money('commission_sar'),
      money('vat_on_commission_sar'),
      int('credit_notes'),
      money('credit_notes_net_sar'),
      money('credit_notes_vat_sar'),
      money('refunded_sar'),
      money('net_output_vat_sar'),
      int('host_invoices'),
      money('host_sales_net_sar'),
      money('host_sales_vat_sar'),
      money('host_credit_notes_vat_sar'),
    ],
    rows: [...months.map(row), row(total)],
  };
}

export const REPORTS: Record<FinanceReport, (run: Run, from: Date, to: Date) => Promise<Table>> = { payments, refunds, payouts, vat };
