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
 * Every riyal that left to hosts: the host's share of each settled payment (sent to their MyFatoorah supplier, or held:
 * no approved supplier), and each transfer of a held balance to the host's supplier (TransferBalance; one row per
 * transfer made or still unanswered in the range, by the time it was sent; `payout` = held_transfer, the amount in
 * host_share_sar, no payment; `held_collection` for money a host owed collected back, negative). A transfer an admin
 * marked as not sent (failed) moved nothing and is left out.
 */
async function payouts(run: Run, from: Date, to: Date): Promise<Table> {
  const rows = await run(
    `select s.payment_id, s.settled_at as at, s.category, s.gross, s.commission, s.vat_on_commission, s.host_net, s.supplier_code,
            h.full_name, h.email, p.booking_id, null as transfer_id, null as transfer_status, null as gateway_reference
       from payment_splits s join users h on h.id = s.host_id join payments p on p.id = s.payment_id
      where s.settled_at >= ? and s.settled_at < ?
     union all
     select null, t.created_at, null, null, null, null,
            case when t.transfer_type = 'pull' then -t.amount_halalas else t.amount_halalas end, t.supplier_code,
            h.full_name, h.email, null, t.id, t.status, t.gateway_reference
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
      money('gross_sar'),
      money('commission_sar'),
      money('vat_on_commission_sar'),
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
            num(r.gross),
            num(r.commission),
            num(r.vat_on_commission),
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
] as const;

/**
 * Per Riyadh month: sales = invoiced payments by their invoice date (net and output VAT, from the payment row fixed at
 * payment); commission and its VAT = splits settled that month; credit notes by their issue date (net and VAT
 * credited, positive here); refunded = refunds the gateway completed that month. Net output VAT = VAT on sales + VAT on
 * commission − VAT credited.
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
    `select paid_at, round(subtotal * 100)::bigint::text as net, round(vat * 100)::bigint::text as vat from payments
      where invoice_number is not null and paid_at >= ? and paid_at < ?`,
    [from, to],
  );
  for (const s of sales) {
    const m = at(date(s.paid_at)!);
    m.invoices += 1;
    m.salesNet += num(s.net);
    m.salesVat += num(s.vat);
  }
  const splits = await run(
    `select settled_at, commission, vat_on_commission from payment_splits where settled_at >= ? and settled_at < ?`,
    [from, to],
  );
  for (const s of splits) {
    const m = at(date(s.settled_at)!);
    m.commission += num(s.commission);
    m.vatOnCommission += num(s.vat_on_commission);
  }
  const notes = await run(
    `select credit_note_snapshot from refunds where credit_note_number is not null
        and (credit_note_snapshot->>'issued_at')::timestamptz >= ? and (credit_note_snapshot->>'issued_at')::timestamptz < ?`,
    [from, to],
  );
  for (const n of notes) {
    const note = n.credit_note_snapshot as { issued_at: string; subtotal: number; vat: number };
    const m = at(new Date(note.issued_at));
    m.creditNotes += 1;
    m.creditNotesNet += -toHalalas(note.subtotal);
    m.creditNotesVat += -toHalalas(note.vat);
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
    ],
    rows: [...months.map(row), row(total)],
  };
}

export const REPORTS: Record<FinanceReport, (run: Run, from: Date, to: Date) => Promise<Table>> = { payments, refunds, payouts, vat };
