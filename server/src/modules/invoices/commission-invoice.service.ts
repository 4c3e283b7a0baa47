import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { forbidden, notFound, unauthenticated } from '../common/errors.js';
import { isAdmin, Role } from '../common/roles.js';
import type { User } from '../users/user.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { RIYADH_OFFSET_MS } from '../../shared/dates.js';
import { sarText, toSar, VAT_RATE } from '../../shared/money.js';
import { COMMISSION_INVOICE_MESSAGES as CM } from '../../shared/invoices.rules.js';
import { givenXml, mayGiveXml, type GivenXml } from './invoice.service.js';
import { isUuid } from '../../shared/ids.js';
import { riyadhTimestamp, zatcaQrPayload } from './zatca.js';
import { renderCommissionCreditNotePdf, renderCommissionInvoicePdf } from './invoice.pdf.js';
import { commissionReturned } from './commission-refund.js';
import { buyerTaxDetails } from './invoice.snapshot.js';
import { sellerBlock, type SellerSettings } from './invoice.types.js';
import { toGraphqlAddress, type NationalAddressGraphql } from '../../shared/national-address.js';
import {
  fromStoredCommissionCreditNote,
  fromStoredCommissionInvoice,
  toStoredCommissionCreditNote,
  toStoredCommissionInvoice,
  type CommissionCreditNoteData,
  type CommissionInvoiceData,
  type StoredCommissionCreditNote,
  type StoredCommissionInvoice,
} from './commission-invoice.types.js';

/** The first instant of the Riyadh calendar month `month` (YYYY-MM), and of the month after it. */
export function riyadhMonthRange(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number);
  return { start: new Date(Date.UTC(y, m - 1, 1) - RIYADH_OFFSET_MS), end: new Date(Date.UTC(y, m, 1) - RIYADH_OFFSET_MS) };
}

/** The Riyadh calendar month (YYYY-MM) an instant falls in. */
export const riyadhMonth = (d: Date): string => new Date(d.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 7);

interface MonthFacts {
  host_id: string;
  month: string;
  payments: number;
  gross: string;
  commission: string;
  vat: string;
}

/**
 * The invoice as issued, from the month's settled splits of one host (halalas summed as charged: each payment's VAT
 * on commission was rounded when its split was fixed, so the invoice states exactly what was taken).
 */
function commissionInvoiceSnapshot(
  f: {
    id: string;
    number: string;
    month: string;
    issuedAt: Date;
    payments: number;
    gross: number;
    /** Net of `refunded`. */
    commission: number;
    vat: number;
    refunded: { commission: number; vat: number; count: number };
  },
  seller: SellerSettings,
  buyer: CommissionInvoiceData['buyer'],
): CommissionInvoiceData {
  const { start, end } = riyadhMonthRange(f.month);
  const total = f.commission + f.vat;
  return {
    id: f.id,
    invoiceNumber: `COM-${f.number.padStart(6, '0')}`,
    month: f.month,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    issuedAt: f.issuedAt.toISOString(),
    currency: 'SAR',
    seller: sellerBlock(seller),
    buyer,
    lines: [
      { description: `Marketplace commission ${f.month} (${f.payments} payments, on prices before VAT)`, amount: toSar(f.commission) },
    ],
    paymentsCount: f.payments,
    gross: toSar(f.gross),
    refundedCommission: toSar(f.refunded.commission),
    refundedVat: toSar(f.refunded.vat),
    refundsCount: f.refunded.count,
    subtotal: toSar(f.commission),
    vatRate: VAT_RATE,
    vat: toSar(f.vat),
    total: toSar(total),
    qrPayload: zatcaQrPayload({
      sellerName: seller.platform_name,
      vatNumber: seller.vat_number,
      timestamp: riyadhTimestamp(f.issuedAt),
      total: sarText(toSar(total)),
      vat: sarText(toSar(f.vat)),
    }),
  };
}

/**
 * The host's national address from its account profile (the one "Invoice to my company" fills), frozen into the
 * invoice when the payout profile's VAT number is valid and the address complete, as a booking invoice's buyer block
 * is: then its e-invoice is a standard one (cleared); otherwise the snapshot has none and it is simplified.
 */
function hostAddress(host: Record<string, unknown>): { nationalAddress?: NationalAddressGraphql } {
  const { national_address } = buyerTaxDetails({ vat_number: host.vat_number, national_address: host.national_address });
  return national_address ? { nationalAddress: toGraphqlAddress(national_address) } : {};
}

const log = (deps: Deps, msg: string) => {
  if (deps.env.logLevel !== 'silent') console.error(`[commission-invoices] ${msg}`);
};

/**
 * The `commission-invoices.issue` pass: for every host and every Riyadh month before the current one with settled
 * agent-model payments (split to its supplier or held) and a commission, the month's invoice if it has none yet. A
 * deemed-supplier payment has no commission invoice: Mawarid bought the supply from the (unregistered) host and resold
 * it, so its commission is its margin, not a service sold to the host (docs/money.md). Idempotent:
 * the unique (host, month) index, and the check made under a transaction-wide advisory lock, so the series has no
 * gaps even if two passes ran at once. Months missed while no worker ran are caught up. The invoice states the
 * commission net of refunds completed before it is issued; refunds completed after it get a commission credit note
 * (`issueCommissionCreditNotes`, run at the end of each pass). Answers how many invoices it issued.
 */
export async function issueCommissionInvoices(deps: Deps, now = new Date()): Promise<number> {
  const issued = await issueMonthInvoices(deps, now);
  // Then the credit notes for commission given back on refunds completed after an invoice was issued.
  const notes = await issueCommissionCreditNotes(deps);
  // They are e-invoices too: wake the ZATCA pass to sign and submit them (its minute tick would, later).
  if ((issued || notes) && deps.env.zatca) await deps.jobs.send('zatca.pass', {}).catch(() => undefined);
  return issued;
}

async function issueMonthInvoices(deps: Deps, now: Date): Promise<number> {
  const em = deps.orm.em.fork() as EntityManager;
  const before = riyadhMonthRange(riyadhMonth(now)).start;
  const due = await em.getConnection().execute<MonthFacts[]>(
    `select m.* from (
       select s.host_id, to_char((s.settled_at at time zone 'UTC') + interval '3 hours', 'YYYY-MM') as month,
              count(*)::int as payments, sum(s.gross)::text as gross, sum(s.commission)::text as commission,
              sum(s.vat_on_commission)::text as vat
         from payment_splits s join payments p on p.id = s.payment_id
        where s.settled_at is not null and s.settled_at < ? and p.status = 'paid' and s.vat_model = 'agent'
        group by 1, 2) m
      where m.commission::bigint + m.vat::bigint > 0
        and not exists (select 1 from commission_invoices c where c.host_id = m.host_id and c.month = m.month)
      order by m.month, m.host_id`,
    [before],
  );
  if (!due.length) return 0;
  const seller = await new SettingsService(em, deps).getGeneral();
  let issued = 0;
  for (const f of due) {
    try {
      await em.fork().transactional(async (tem) => {
        const c = tem.getConnection();
        const tx = tem.getTransactionContext();
        const run = (q: string, params: unknown[]) => c.execute<Array<Record<string, unknown>>>(q, params, 'all', tx);
        await run(`select pg_advisory_xact_lock(7307195)`, []);
        const [exists] = await run(`select 1 from commission_invoices where host_id = ? and month = ?`, [f.host_id, f.month]);
        if (exists) return;
        // Refunds completed so far give their commission back before the invoice is issued: it states the net.
        const refunds = await unaccountedRefunds(run, 'r.status = ? and s.host_id = ? and ' + SPLIT_MONTH_SQL + ' = ?', [
          'refunded',
          f.host_id,
          f.month,
        ]);
        const refunded = refunds.reduce((a, r) => ({ commission: a.commission + r.commission, vat: a.vat + r.vat, count: a.count + 1 }), {
          commission: 0,
          vat: 0,
          count: 0,
        });
        const commission = Number(f.commission) - refunded.commission;
        const vat = Number(f.vat) - refunded.vat;
        // Everything given back: no commission this month, no invoice (and nothing left to credit later).
        if (commission + vat <= 0) return;
        const [host] = await run(
          `select u.email, u.full_name, u.company_name, u.national_address, a.legal_name, a.vat_number, a.commercial_registration
             from users u left join payout_accounts a on a.user_id = u.id where u.id = ?`,
          [f.host_id],
        );
        const [{ n }] = await run(`select nextval('commission_invoice_number_seq')::text as n`, []);
        const id = randomUUID();
        const snapshot = commissionInvoiceSnapshot(
          {
            id,
            number: String(n),
            month: f.month,
            issuedAt: new Date(),
            payments: f.payments,
            gross: Number(f.gross),
            commission,
            vat,
            refunded,
          },
          seller,
          {
            name: String(host.legal_name ?? host.company_name ?? host.full_name),
            email: String(host.email),
            vatNumber: (host.vat_number as string | null) ?? null,
            commercialRegistration: (host.commercial_registration as string | null) ?? null,
            ...hostAddress(host),
          },
        );
        await run(
          `insert into commission_invoices (id, host_id, month, invoice_number, commission_halalas, vat_halalas, snapshot, issued_at)
           values (?, ?, ?, ?::bigint, ?, ?, ?::jsonb, ?)`,
          [id, f.host_id, f.month, n, commission, vat, JSON.stringify(toStoredCommissionInvoice(snapshot)), snapshot.issuedAt],
        );
        for (const r of refunds)
          await run(`insert into commission_invoice_refunds (refund_id, invoice_id, commission_halalas, vat_halalas) values (?, ?, ?, ?)`, [
            r.refund_id,
            id,
            r.commission,
            r.vat,
          ]);
        issued++;
      });
    } catch (err) {
      // One host's failure (a unique clash with a concurrent pass) does not stop the others; the next pass retries.
      log(deps, `host ${f.host_id}, ${f.month}: ${(err as Error)?.message}`);
    }
  }
  return issued;
}

/** The Riyadh month (YYYY-MM) a split was settled in: the month whose commission invoice states it. */
const SPLIT_MONTH_SQL = `to_char((s.settled_at at time zone 'UTC') + interval '3 hours', 'YYYY-MM')`;

type Run = (q: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * Refunds of settled agent-model splits matching `where` (on `refunds r` and `payment_splits s`) whose commission has not been
 * accounted yet — neither netted into an invoice nor credited — with the commission and VAT each gives back (only
 * those that give some back).
 */
async function unaccountedRefunds(
  run: Run,
  where: string,
  params: unknown[],
): Promise<
  Array<{ refund_id: string; host_id: string; month: string; amount: number; booking_id: string | null; commission: number; vat: number }>
> {
  const rows = await run(
    `select r.id as refund_id, r.amount_halalas::text as amount, r.supplier_amount_halalas::text as supplier_amount, r.booking_id,
            s.host_id, s.gross::text as gross, s.host_net::text as host_net, s.commission::text as commission,
            s.vat_on_commission::text as vat_on_commission, ${SPLIT_MONTH_SQL} as month
       from refunds r join payment_splits s on s.payment_id = r.payment_id and s.settled_at is not null and s.vat_model = 'agent'
      where ${where}
        and not exists (select 1 from commission_invoice_refunds x where x.refund_id = r.id)
        and not exists (select 1 from commission_credit_notes n where n.refund_id = r.id)
      order by r.refunded_at, r.id`,
    params,
  );
  return rows
    .map((r) => ({
      refund_id: String(r.refund_id),
      host_id: String(r.host_id),
      month: String(r.month),
      amount: Number(r.amount),
      booking_id: (r.booking_id as string | null) ?? null,
      ...commissionReturned({
        amount: Number(r.amount),
        supplierAmount: r.supplier_amount === null ? null : Number(r.supplier_amount),
        gross: Number(r.gross),
        hostNet: Number(r.host_net),
        commission: Number(r.commission),
        vatOnCommission: Number(r.vat_on_commission),
      }),
    }))
    .filter((r) => r.commission + r.vat > 0);
}

/**
 * Commission credit notes: for each refund completed after its month's commission invoice was issued (so not netted
 * into it), a credit note to the host for the commission and VAT it gave back, referring to that invoice. Numbered
 * `CCN-` in their own series, gap-free: max + 1 inside the transaction that inserts it, under the invoices' advisory
 * lock (so netting and crediting never both take the same refund). Idempotent: one note per refund (unique index).
 * Answers how many it issued.
 */
async function issueCommissionCreditNotes(deps: Deps): Promise<number> {
  const em = deps.orm.em.fork() as EntityManager;
  const c0 = em.getConnection();
  const due = await unaccountedRefunds(
    (q, p) => c0.execute(q, p),
    `r.status = 'refunded' and exists (select 1 from commission_invoices ci where ci.host_id = s.host_id and ci.month = ${SPLIT_MONTH_SQL})`,
    [],
  );
  let issued = 0;
  for (const d of due) {
    try {
      await em.fork().transactional(async (tem) => {
        const c = tem.getConnection();
        const tx = tem.getTransactionContext();
        const run: Run = (q, params) => c.execute<Array<Record<string, unknown>>>(q, params, 'all', tx);
        await run(`select pg_advisory_xact_lock(7307195)`, []);
        const [again] = await unaccountedRefunds(run, 'r.id = ?', [d.refund_id]);
        if (!again) return;
        const [inv] = await run(`select id, snapshot from commission_invoices where host_id = ? and month = ?`, [d.host_id, d.month]);
        const inv0 = fromStoredCommissionInvoice(inv.snapshot as StoredCommissionInvoice);
        const [{ n }] = await run(`select (coalesce(max(credit_note_number), 0) + 1)::text as n from commission_credit_notes`, []);
        const id = randomUUID();
        const snapshot: CommissionCreditNoteData = {
          id,
          creditNoteNumber: `CCN-${String(n).padStart(6, '0')}`,
          issuedAt: new Date().toISOString(),
          currency: inv0.currency,
          month: d.month,
          originalInvoiceId: String(inv.id),
          originalInvoiceNumber: inv0.invoiceNumber,
          originalInvoiceIssuedAt: inv0.issuedAt,
          reason: 'refund',
          refundId: d.refund_id,
          bookingId: d.booking_id,
          refundAmount: toSar(d.amount),
          seller: inv0.seller,
          buyer: inv0.buyer,
          lines: [
            {
              description: `Marketplace commission ${d.month} given back on a refund${d.booking_id ? ` (booking ${d.booking_id.slice(0, 8).toUpperCase()})` : ''}`,
              amount: -toSar(again.commission),
            },
          ],
          subtotal: -toSar(again.commission),
          vatRate: inv0.vatRate,
          vat: -toSar(again.vat),
          total: -toSar(again.commission + again.vat),
        };
        await run(
          `insert into commission_credit_notes (id, host_id, invoice_id, refund_id, credit_note_number, commission_halalas, vat_halalas, snapshot, issued_at)
           values (?, ?, ?, ?, ?::bigint, ?, ?, ?::jsonb, ?)`,
          [
            id,
            d.host_id,
            inv.id,
            d.refund_id,
            n,
            again.commission,
            again.vat,
            JSON.stringify(toStoredCommissionCreditNote(snapshot)),
            snapshot.issuedAt,
          ],
        );
        issued++;
      });
    } catch (err) {
      log(deps, `credit note for refund ${d.refund_id}: ${(err as Error)?.message}`);
    }
  }
  return issued;
}

/** The e_invoices column naming a commission document. */
type EInvoiceSource = 'commission_invoice_id' | 'commission_credit_note_id';

/** Reading: a host its own invoices, an admin any (404 for anyone else, as if it did not exist). */
export class CommissionInvoiceService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private reader(user: User | null): User {
    if (!user) throw unauthenticated();
    if (user.role !== Role.host_seller && !isAdmin(user.role)) throw forbidden(CM.hostsOnly);
    return user;
  }

  /** The caller's invoices, newest month first (an admin: every host's). */
  async list(user: User | null): Promise<CommissionInvoiceData[]> {
    const u = this.reader(user);
    const rows = await this.em
      .getConnection()
      .execute<Array<{ snapshot: StoredCommissionInvoice }>>(
        `select snapshot from commission_invoices ${isAdmin(u.role) ? '' : 'where host_id = ?'} order by month desc, invoice_number desc limit 500`,
        isAdmin(u.role) ? [] : [u.id],
      );
    return rows.map((r) => fromStoredCommissionInvoice(r.snapshot));
  }

  async get(user: User | null, id: unknown): Promise<CommissionInvoiceData> {
    const u = this.reader(user);
    if (typeof id !== 'string' || !isUuid(id)) throw notFound(CM.notFound);
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ host_id: string; snapshot: StoredCommissionInvoice }>>(
        `select host_id, snapshot from commission_invoices where id = ?`,
        [id],
      );
    if (!row || (!isAdmin(u.role) && row.host_id !== u.id)) throw notFound(CM.notFound);
    return fromStoredCommissionInvoice(row.snapshot);
  }

  /**
   * The PDF/A-3b, with the e-invoice XML the host may be given (the cleared one for a standard document, as signed for
   * a simplified one unless rejected) embedded and its phase-2 QR printed; before that the phase-1 QR, no XML.
   */
  async pdf(user: User | null, id: unknown): Promise<{ data: CommissionInvoiceData; pdf: Buffer }> {
    const data = await this.get(user, id);
    return { data, pdf: await renderCommissionInvoicePdf(data, await this.eInvoice('commission_invoice_id', data.id)) };
  }

  /** The commission invoice's ZATCA e-invoice XML, to its host and admins, once it may be given (see `pdf`). */
  async xml(user: User | null, id: unknown): Promise<GivenXml> {
    const data = await this.get(user, id);
    const doc = await this.eInvoice('commission_invoice_id', data.id);
    if (!doc) throw notFound(CM.noEInvoice);
    return doc;
  }

  private eInvoice(column: EInvoiceSource, id: string): Promise<GivenXml | null> {
    return givenXml(this.em, `e.${column} = ?`, [id]);
  }

  /** Which of these commission invoices (or credit notes) have an e-invoice XML their host may download now. */
  async withXml(column: EInvoiceSource, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.em
      .getConnection()
      .execute<Array<{ id: string; kind: string; status: string }>>(
        `select ${column} as id, kind, status from e_invoices where ${column} in (${ids.map(() => '?').join(', ')}) and superseded_at is null`,
        ids,
      );
    return new Set(rows.filter(mayGiveXml).map((r) => r.id));
  }

  /** The caller's commission credit notes, newest first (an admin: every host's). */
  async creditNotes(user: User | null): Promise<CommissionCreditNoteData[]> {
    const u = this.reader(user);
    const rows = await this.em
      .getConnection()
      .execute<Array<{ snapshot: StoredCommissionCreditNote }>>(
        `select snapshot from commission_credit_notes ${isAdmin(u.role) ? '' : 'where host_id = ?'} order by credit_note_number desc limit 500`,
        isAdmin(u.role) ? [] : [u.id],
      );
    return rows.map((r) => fromStoredCommissionCreditNote(r.snapshot));
  }

  async creditNote(user: User | null, id: unknown): Promise<CommissionCreditNoteData> {
    const u = this.reader(user);
    if (typeof id !== 'string' || !isUuid(id)) throw notFound(CM.creditNoteNotFound);
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ host_id: string; snapshot: StoredCommissionCreditNote }>>(
        `select host_id, snapshot from commission_credit_notes where id = ?`,
        [id],
      );
    if (!row || (!isAdmin(u.role) && row.host_id !== u.id)) throw notFound(CM.creditNoteNotFound);
    return fromStoredCommissionCreditNote(row.snapshot);
  }

  /** The credit note's PDF/A-3b, with its e-invoice XML and phase-2 QR once it may be given (as `pdf`). */
  async creditNotePdf(user: User | null, id: unknown): Promise<{ data: CommissionCreditNoteData; pdf: Buffer }> {
    const data = await this.creditNote(user, id);
    return { data, pdf: await renderCommissionCreditNotePdf(data, await this.eInvoice('commission_credit_note_id', data.id)) };
  }

  /** The commission credit note's ZATCA e-invoice XML (381), to its host and admins, once it may be given. */
  async creditNoteXml(user: User | null, id: unknown): Promise<GivenXml> {
    const data = await this.creditNote(user, id);
    const doc = await this.eInvoice('commission_credit_note_id', data.id);
    if (!doc) throw notFound(CM.noEInvoice);
    return doc;
  }
}
