import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { notFound } from '../common/errors.js';
import { requireAdmin } from '../common/roles.js';
import { isUuid } from '../../shared/ids.js';
import { escapeLike } from '../../shared/escape.js';
import { parse } from '../common/validate.js';
import type { User } from '../users/user.entity.js';
import { RefundService } from '../refunds/refund.service.js';
import { RIYADH_OFFSET_MS } from '../../shared/dates.js';
import { toHalalas } from '../../shared/money.js';
import {
  FINANCE_FORMATS,
  FINANCE_REPORTS,
  type FinanceFormat,
  type FinanceReport,
  FINANCE_MESSAGES as M,
  FINANCE_PAGE_SIZE,
  financeExportQuerySchema,
  financePaymentsQuerySchema,
  type FinancePaymentsQuery,
} from '../../shared/finance.rules.js';

import { REPORTS } from './finance.reports.js';
import { date, num, SELECT, str, toPayment, type FinancePayment, type Row } from './finance.rows.js';
import { toCsv, toXlsx, XLSX_TYPE } from './sheet.js';

const DAY_MS = 86_400_000;

export interface FinancePage {
  items: FinancePayment[];
  total: number;
  page: number;
  pageSize: number;
  /** Every host with a payment for their listings (the host filter's choices), by name. */
  hosts: Array<{ id: string; name: string }>;
}

/** What happened to a payment, oldest first. `amountHalalas` when the event moved money. */
export interface TimelineEvent {
  at: Date;
  /** payment.created, split.proposed, payment.paid, payment.failed, payment.duplicate, payment.refund_due,
   * split.settled, held.transfer_sent, held.transferred, refund.recorded, credit_note.issued, refund.sent, refund.refunded, refund.failed, audit.<action> */
  kind: string;
  amountHalalas: number | null;
  detail: string | null;
  actorEmail: string | null;
}

export interface FinancePaymentDetail {
  payment: FinancePayment;
  timeline: TimelineEvent[];
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

const isReport = (v: unknown): v is FinanceReport => (FINANCE_REPORTS as readonly unknown[]).includes(v);
const isFormat = (v: unknown): v is FinanceFormat => (FINANCE_FORMATS as readonly unknown[]).includes(v);

/** The first instant of a Riyadh calendar day, and the first of the day after another. */
const riyadhDayStart = (ymd: string) => new Date(Date.parse(`${ymd}T00:00:00Z`) - RIYADH_OFFSET_MS);
const riyadhRange = (from: string | null, to: string | null) => ({
  from: from ? riyadhDayStart(from) : new Date(0),
  to: to ? new Date(riyadhDayStart(to).getTime() + DAY_MS) : new Date('9999-12-31T00:00:00Z'),
});

/**
 * The admins' finance console (issue #24): every payment (resource and service bookings) with its refund and split,
 * a timeline per payment built from what is already recorded, the retry of a failed refund (through the refunds
 * module), and the rows of the exports (finance.export.ts writes them as CSV or XLSX).
 */
export class FinanceService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private run(q: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(q, params);
  }

  /** GET /api/admin/payments, GraphQL adminPayments: newest first, a page of FINANCE_PAGE_SIZE. */
  async payments(user: User | null, raw: z.input<typeof financePaymentsQuerySchema>): Promise<FinancePage> {
    requireAdmin(user);
    const q = parse(financePaymentsQuerySchema, raw);
    const { where, params } = filters(q);
    const offset = (q.page - 1) * FINANCE_PAGE_SIZE;
    const rows = await this.run(
      `${SELECT} ${where} order by p.created_at desc, p.id desc limit ${FINANCE_PAGE_SIZE} offset ${offset}`,
      params,
    );
    const [{ n }] = await this.run(
      `select count(*)::int as n from payments p join users u on u.id = p.user_id
         left join bookings b on b.id = p.booking_id left join resources r on r.id = b.resource_id
         left join users h on h.id = r.owner_id left join service_bookings sb on sb.id = p.service_booking_id
         left join refunds rf on rf.payment_id = p.id ${where}`,
      params,
    );
    const hosts = await this.run(
      `select distinct h.id, h.full_name as name from payments p join bookings b on b.id = p.booking_id
         join resources r on r.id = b.resource_id join users h on h.id = r.owner_id order by h.full_name, h.id limit 500`,
      [],
    );
    return {
      items: rows.map(toPayment),
      total: Number(n),
      page: q.page,
      pageSize: FINANCE_PAGE_SIZE,
      hosts: hosts.map((h) => ({ id: String(h.id), name: String(h.name ?? '') })),
    };
  }

  /** GET /api/admin/payments/{id}, GraphQL adminPayment: the payment and its timeline. */
  async payment(user: User | null, id: unknown): Promise<FinancePaymentDetail> {
    requireAdmin(user);
    if (!isUuid(id)) throw notFound(M.paymentNotFound);
    const [row] = await this.run(`${SELECT} where p.id = ?`, [id]);
    if (!row) throw notFound(M.paymentNotFound);
    const payment = toPayment(row);
    return { payment, timeline: await this.timeline(payment) };
  }

  private async timeline(p: FinancePayment): Promise<TimelineEvent[]> {
    const events: TimelineEvent[] = await this.webhookEvents(p.id);
    return this.recorded(p, events);
  }

  /** The verified MyFatoorah webhooks that name this payment's invoice, payment or refund, as events of their own. */
  private async webhookEvents(paymentId: string): Promise<TimelineEvent[]> {
    const rows = await this.run(
      `select w.event, w.reference, w.received_at, w.payload from webhook_events w join payments p on p.id = ?
        where (w.invoice_id is not null and w.invoice_id = p.invoice_id) or (w.payment_id is not null and w.payment_id = p.payment_id)
           or w.gateway_refund_id in (select gateway_refund_id from refunds where payment_id = p.id and gateway_refund_id is not null)`,
      [paymentId],
    );
    return rows.map((w) => {
      const data = (w.payload ?? {}) as {
        Invoice?: { Status?: unknown };
        Transaction?: { Status?: unknown };
        Refund?: { Status?: unknown };
      };
      const status = data.Refund?.Status ?? data.Transaction?.Status ?? data.Invoice?.Status;
      return {
        at: date(w.received_at)!,
        kind:
          w.event === 'REFUND_STATUS_CHANGED'
            ? 'webhook.refund'
            : w.event === 'PAYMENT_STATUS_CHANGED'
              ? 'webhook.payment'
              : 'webhook.received',
        amountHalalas: null,
        detail: [str(w.reference), status === undefined || status === null ? null : String(status)].filter(Boolean).join(' · ') || null,
        actorEmail: null,
      };
    });
  }

  private async recorded(p: FinancePayment, webhooks: TimelineEvent[]): Promise<TimelineEvent[]> {
    const events: TimelineEvent[] = [...webhooks];
    const add = (at: Date | null, kind: string, amountHalalas: number | null = null, detail: string | null = null, actorEmail = null) => {
      if (at) events.push({ at, kind, amountHalalas, detail, actorEmail });
    };
    const [pay] = await this.run(`select updated_at, invoice_id, payment_id from payments where id = ?`, [p.id]);
    const gatewayRef = [
      str(pay?.invoice_id) && `invoice ${String(pay.invoice_id)}`,
      str(pay?.payment_id) && `payment ${String(pay.payment_id)}`,
    ]
      .filter(Boolean)
      .join(' · ');
    // The gateway's references (its invoice and payment ids) say where to look the attempt up on MyFatoorah's portal.
    add(p.createdAt, 'payment.created', p.amountHalalas, [`${p.method} · ${p.gateway}`, gatewayRef].filter(Boolean).join(' · '));
    const [split] = await this.run(
      `select created_at, settled_at, supplier_code, gross, host_net, host_id from payment_splits where payment_id = ?`,
      [p.id],
    );
    if (split)
      add(
        date(split.created_at),
        'split.proposed',
        num(split.host_net),
        split.supplier_code === null ? 'held' : `supplier ${String(split.supplier_code)}`,
      );
    if (p.status === 'paid')
      add(p.paidAt, 'payment.paid', p.amountHalalas, p.invoiceNumber ? `invoice ${p.invoiceNumber}` : gatewayRef || null);
    else if (p.status === 'failed') add(date(pay?.updated_at), 'payment.failed', null, p.error);
    else if (p.status === 'duplicate' || p.status === 'refund_due')
      add(p.paidAt ?? date(pay?.updated_at), `payment.${p.status}`, p.amountHalalas, gatewayRef || null);
    if (split?.settled_at)
      add(
        date(split.settled_at),
        split.supplier_code === null ? 'split.held' : 'split.settled',
        num(split.host_net),
        split.supplier_code === null ? null : `supplier ${String(split.supplier_code)}`,
      );
    if (split?.settled_at && split.supplier_code === null) {
      // A transfer always pays the host's whole held balance, so this held share left with the host's first transfer
      // (not failed) after it was settled.
      const [transfer] = await this.run(
        `select status, amount_halalas::text as amount_h, supplier_code, gateway_reference, created_at, transferred_at
           from held_payouts
          where host_id = ? and status <> 'failed' and transfer_type = 'push' and created_at > ? order by created_at limit 1`,
        [split.host_id, split.settled_at],
      );
      if (transfer?.status === 'transferred')
        add(
          date(transfer.transferred_at) ?? date(transfer.created_at),
          'held.transferred',
          num(transfer.amount_h),
          [`supplier ${String(transfer.supplier_code)}`, transfer.gateway_reference && `transfer ${String(transfer.gateway_reference)}`]
            .filter(Boolean)
            .join(' · '),
        );
      else if (transfer)
        add(date(transfer.created_at), 'held.transfer_sent', num(transfer.amount_h), `supplier ${String(transfer.supplier_code)}`);
    }
    const [refund] = await this.run(
      `select id, status, amount_halalas::text as amount_h, reason, error, gateway_refund_id, created_at, requested_at, refunded_at,
              updated_at, credit_note_number::text as credit_note_number, credit_note_snapshot
         from refunds where payment_id = ?`,
      [p.id],
    );
    if (refund) {
      const amount = num(refund.amount_h);
      add(date(refund.created_at), 'refund.recorded', amount, String(refund.reason));
      const note = refund.credit_note_snapshot as { issued_at?: string; total?: number } | null;
      if (refund.credit_note_number && note)
        add(
          date(note.issued_at ?? refund.created_at),
          'credit_note.issued',
          toHalalas(Math.abs(note.total ?? 0)),
          String(refund.credit_note_number),
        );
      add(date(refund.requested_at), 'refund.sent', amount, refund.gateway_refund_id ? `refund ${String(refund.gateway_refund_id)}` : null);
      if (refund.status === 'refunded') add(date(refund.refunded_at), 'refund.refunded', amount);
      if (refund.status === 'failed') add(date(refund.updated_at), 'refund.failed', amount, str(refund.error));
    }
    const audit = await this.run(
      `select action, actor_email, created_at, before, after from audit_log
        where (entity_type = 'payment' and entity_id = ?) or (entity_type = 'refund' and entity_id = ?)`,
      [p.id, refund ? String(refund.id) : p.id],
    );
    for (const a of audit) {
      const before = a.before as { error?: string } | null;
      events.push({
        at: date(a.created_at)!,
        kind: `audit.${String(a.action)}`,
        amountHalalas: null,
        detail: before?.error ?? null,
        actorEmail: str(a.actor_email),
      });
    }
    return events.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** POST /api/admin/refunds/{id}/retry, GraphQL retryRefund: through the refunds module's request path. */
  async retryRefund(user: User | null, refundId: unknown): Promise<FinancePaymentDetail> {
    requireAdmin(user);
    const r = await new RefundService(this.em, this.deps).retry(user, refundId);
    return this.payment(user, r.payment.id);
  }

  /**
   * GET /api/admin/exports/{report}.{format}?from=&to=: the report between Riyadh dates (both included) as a file.
   * Unknown report or format: 404 (it names no file we have); a bad date: 400 with the field.
   */
  async export(user: User | null, report: unknown, format: unknown, raw: unknown): Promise<ExportFile> {
    requireAdmin(user);
    if (!isReport(report) || !isFormat(format)) throw notFound(M.reportNotFound);
    const q = parse(financeExportQuerySchema, raw);
    const { from, to } = riyadhRange(q.from, q.to);
    const table = await REPORTS[report]((sql, params) => this.run(sql, params), from, to);
    const name = `mawarid-${report}${q.from ? `-${q.from}` : ''}${q.to ? `-to-${q.to}` : ''}.${format}`;
    return format === 'csv'
      ? { filename: name, contentType: 'text/csv; charset=utf-8', body: toCsv(table) }
      : { filename: name, contentType: XLSX_TYPE, body: toXlsx(table, report) };
  }
}

function filters(q: FinancePaymentsQuery): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (q.status) {
    clauses.push('p.status = ?');
    params.push(q.status);
  }
  if (q.method) {
    clauses.push('p.method = ?');
    params.push(q.method);
  }
  if (q.refundStatus === 'none') clauses.push('rf.id is null');
  else if (q.refundStatus) {
    clauses.push('rf.status = ?');
    params.push(q.refundStatus);
  }
  if (q.from || q.to) {
    const { from, to } = riyadhRange(q.from, q.to);
    clauses.push('p.created_at >= ? and p.created_at < ?');
    params.push(from, to);
  }
  if (q.hostId) {
    clauses.push('r.owner_id = ?');
    params.push(q.hostId);
  }
  if (q.q) {
    const like = `%${escapeLike(q.q.toLowerCase())}%`;
    clauses.push(
      `(lower(u.full_name) like ? or lower(u.email) like ? or lower(coalesce(h.full_name, '')) like ? or lower(coalesce(h.email, '')) like ?
        or lower(coalesce(r.title, sb.service_name, '')) like ? or p.id::text = ? or coalesce(p.invoice_number::text, '') = ?
        or coalesce(p.transaction_id, '') = ? or coalesce(p.payment_id, '') = ?)`,
    );
    const exact = q.q.trim();
    params.push(like, like, like, like, like, exact.toLowerCase(), exact, exact, exact);
  }
  return { where: clauses.length ? `where ${clauses.join(' and ')}` : '', params };
}

/** Keys whose values are card data: never stored, whatever a webhook carries. */
const CARD_KEY = /card|cvv|cvc|securitycode|expiry|pan$/i;
const withoutCard = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(withoutCard)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([k]) => !CARD_KEY.test(k))
            .map(([k, x]) => [k, withoutCard(x)]),
        )
      : v;

/**
 * Keeps a verified MyFatoorah webhook for the payment timeline (payments/payment.webhook.ts calls it before handling
 * the event): once per event reference (a retry or replay is not stored again), with the invoice, payment and refund
 * ids it names, and its payload without card data. @public
 */
export async function recordWebhookEvent(
  em: EntityManager,
  event: { name: string; reference: string | null; data: Record<string, unknown> },
): Promise<void> {
  const d = event.data as {
    Invoice?: { Id?: unknown };
    Transaction?: { PaymentId?: unknown };
    Refund?: { Id?: unknown; InvoiceId?: unknown };
    ReferencedInvoice?: { Id?: unknown };
  };
  const text = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
  await em.getConnection().execute(
    `insert into webhook_events (id, event, reference, invoice_id, payment_id, gateway_refund_id, payload)
     values (?, ?, ?, ?, ?, ?, ?::jsonb) on conflict do nothing`,
    [
      randomUUID(),
      event.name,
      event.reference,
      text(d.Invoice?.Id) ?? text(d.ReferencedInvoice?.Id) ?? text(d.Refund?.InvoiceId),
      text(d.Transaction?.PaymentId),
      text(d.Refund?.Id),
      JSON.stringify(withoutCard(event.data)),
    ],
  );
}
