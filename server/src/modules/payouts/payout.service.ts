import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { AppError, badInput, conflict, forbidden, notFound, unauthenticated } from '../common/errors.js';
import { isUuid } from '../../shared/ids.js';
import { parse } from '../common/validate.js';
import { decodeDataUrl } from '../common/data-url.js';
import { Role, requireAdmin } from '../common/roles.js';
import type { User } from '../users/user.entity.js';
import { AuditService } from '../audit/audit.service.js';
import { Setting } from '../settings/setting.entity.js';
import { SettingsService, encryptSecret } from '../settings/settings.service.js';
import { MyFatoorahError } from '../../integrations/myfatoorah/client.js';
import {
  MyFatoorahSuppliers,
  SandboxSuppliers,
  type SupplierDeposit,
  type SupplierGateway,
  type SupplierRequest,
} from '../../integrations/myfatoorah/suppliers.js';
import { toHalalas, toSar } from '../../shared/money.js';
import { RIYADH_OFFSET_MS } from '../../shared/dates.js';
import { CATEGORIES } from '../../shared/marketplace.rules.js';
import {
  PAYOUT_DOCUMENT_TYPES,
  PAYOUT_LIMITS,
  PAYOUT_MESSAGES as M,
  earningsQuerySchema,
  heldPayoutSchema,
  heldResolveSchema,
  HELD_RESOLVE_AFTER_MINUTES,
  marketplaceSettingsSchema,
  payoutAccountSchema,
  type SupplierStatus,
  localSaudiMobile,
} from '../../shared/payouts.rules.js';
import { PayoutAccount, type StoredPayoutDocument } from './payout-account.entity.js';
import { MARKETPLACE_SETTING_KEY as SETTING_KEY, storedMarketplace, type MarketplaceSettingsView } from './payment-split.js';

// The payments module's hooks (it reaches this module only through its service).
export { settlePaymentSplit, supplierShares } from './payment-split.js';
export { supplierEvent } from './supplier-webhook.js';
export { splitRefund } from './split.js';
export type { SupplierEventData } from '../../integrations/myfatoorah/suppliers.js';

const IBAN_AAD = 'payout_accounts.iban';

export type { MarketplaceSettingsView };

export interface PayoutAccountView {
  legalName: string;
  commercialRegistration: string;
  vatNumber: string | null;
  mobile: string | null;
  bank: string;
  /** Never the whole IBAN: "SA•• •••• … 7519". */
  iban: string;
  ibanLast4: string;
  documents: Array<{ id: string; type: string; name: string; size: number; uploadedAt: string }>;
  supplierStatus: SupplierStatus;
  supplierComment: string | null;
  updatedAt: string;
}

interface EarningsItem {
  paymentId: string;
  bookingId: string | null;
  resourceTitle: string;
  category: string;
  paidAt: string;
  gross: number;
  commission: number;
  vatOnCommission: number;
  /** The customer's VAT Mawarid keeps as deemed supplier (the host is not VAT-registered), else 0. */
  platformVat: number;
  /** The host's part of this payment's refund (recorded and not refused), given back from its share. */
  refunded: number;
  /** What the host keeps: gross − commission − VAT on commission − platform VAT − refunded. */
  net: number;
  /** held: the host had no approved payout profile when it was paid, so the platform holds the share. */
  status: 'split' | 'held';
}

/** A transfer of a host's held balance to its MyFatoorah supplier (TransferBalance, push). */
export interface HeldPayoutView {
  id: string;
  hostId: string;
  amountHalalas: number;
  amount: number;
  /** requested: sent, not confirmed (in flight, or no answer: check the MyFatoorah portal); failed: refused, still held. */
  status: 'requested' | 'transferred' | 'failed';
  /** push: paid to the host's supplier; pull: collected back from it (what the host owed). */
  transferType: 'push' | 'pull';
  gatewayReference: string | null;
  error: string | null;
  createdAt: string;
  transferredAt: string | null;
}

/** One host's held balance, for the finance console. */
export interface HeldBalanceView {
  hostId: string;
  hostName: string;
  hostEmail: string;
  supplierCode: number | null;
  supplierStatus: SupplierStatus;
  /** Below 0 when the host owes the platform (held shares refunded after they were transferred). */
  heldHalalas: number;
  held: number;
  /** What the host owes (−held when the balance is below 0, else 0), netted from its next held shares. */
  owedHalalas: number;
  owed: number;
  /** Approved supplier, something held, and no transfer in flight. */
  payable: boolean;
  inFlight: boolean;
  /** The transfer in flight (sent, never answered or not yet), if any. */
  inFlightPayout: HeldPayoutView | null;
  /** It was sent long enough ago (HELD_RESOLVE_AFTER_MINUTES) for an admin to resolve it from the MyFatoorah portal. */
  resolvable: boolean;
}

export interface Earnings {
  from: string | null;
  to: string | null;
  gross: number;
  commission: number;
  vatOnCommission: number;
  /** The customers' VAT Mawarid keeps as deemed supplier. */
  platformVat: number;
  /** The host's parts of the refunds of these payments. */
  refunded: number;
  /** gross − commission − VAT on commission − platform VAT − refunded. */
  net: number;
  /** The held balance now (whatever the dates): held shares after refunds, less what was transferred or is in flight. */
  pending: number;
  /**
   * What the host owes the platform now: held shares refunded after they were transferred (the held balance below 0).
   * It is netted from the host's next held shares before anything more is transferred.
   */
  owed: number;
  paidOut: number;
  /** Held shares transferred to the host's supplier in the range (they reach its bank with MyFatoorah's deposits). */
  transferred: number;
  /** Those transfers (and any in flight), newest first. */
  payouts: HeldPayoutView[];
  /** The rows of the range (the totals are over all of them); `items` is page `page` of `pageSize`, newest first. */
  total: number;
  page: number;
  pageSize: number;
  items: EarningsItem[];
}

const sar = (halalas: number) => halalas / 100;
const maskIban = (last4: string) => `SA•• •••• •••• •••• •••• ${last4}`;

type CheckedDocument = { data: Buffer; ext: 'pdf' | 'jpg' | 'png'; mediaType: string };

/**
 * A payout document's bytes (decoded from the profile's data URL, or uploaded as they are) and their real type by
 * magic bytes: PDF, JPEG, PNG only.
 */
function checkDocument(data: Buffer | null): CheckedDocument {
  if (!data?.length) throw badInput(M.documentInvalid, { field: 'documents' });
  if (data.length > PAYOUT_LIMITS.documentMaxBytes) throw badInput(M.documentTooLarge, { field: 'documents' });
  if (data.toString('ascii', 0, 5) === '%PDF-') return { data, ext: 'pdf', mediaType: 'application/pdf' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { data, ext: 'jpg', mediaType: 'image/jpeg' };
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { data, ext: 'png', mediaType: 'image/png' };
  throw badInput(M.documentInvalid, { field: 'documents' });
}

/** The instant a Riyadh calendar day starts (YYYY-MM-DD). */
const riyadhDayStart = (ymd: string) => new Date(Date.parse(`${ymd}T00:00:00Z`) - RIYADH_OFFSET_MS);

/** MyFatoorah's DepositDate ("16/10/2022" or ISO) as a Riyadh YYYY-MM-DD, or null when unreadable. */
function depositDay(raw: string): string | null {
  const dmy = /^(\d{1,2})\/(\d{1,2})\/0*(\d{4})/.exec(raw ?? '');
  if (dmy) return `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
  const t = Date.parse(raw);
  return Number.isNaN(t) ? null : new Date(t + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

type HeldPayoutRow = {
  id: string;
  host_id: string;
  amount_halalas: string;
  status: HeldPayoutView['status'];
  transfer_type: HeldPayoutView['transferType'];
  gateway_reference: string | null;
  error: string | null;
  created_at: Date;
  transferred_at: Date | null;
};

const heldPayoutView = (r: HeldPayoutRow): HeldPayoutView => ({
  id: r.id,
  hostId: r.host_id,
  amountHalalas: Number(r.amount_halalas),
  amount: sar(Number(r.amount_halalas)),
  status: r.status,
  transferType: r.transfer_type,
  gatewayReference: r.gateway_reference,
  error: r.error,
  createdAt: new Date(r.created_at).toISOString(),
  transferredAt: r.transferred_at ? new Date(r.transferred_at).toISOString() : null,
});

/**
 * Held balance per host (halalas): the host nets of settled, still-paid splits that had no supplier, less the host's
 * part of their refunds (recorded and not refused), less the transfers made or in flight (pushes), plus what was
 * collected back (pulls). Below 0 the host owes the platform. `?` = a host id, or null for every host.
 */
const HELD_SQL = `
  with held as (
    select s.host_id, sum(s.host_net - coalesce(rf.host_amount_halalas, 0)) as amount
      from payment_splits s
      join payments p on p.id = s.payment_id and p.status = 'paid'
      left join refunds rf on rf.payment_id = s.payment_id and rf.status <> 'failed'
     where s.supplier_code is null and s.settled_at is not null and (?::uuid is null or s.host_id = ?::uuid)
     group by s.host_id),
  paid as (
    select host_id, sum(case when transfer_type = 'pull' then -amount_halalas else amount_halalas end) as amount,
           bool_or(status = 'requested') as in_flight
      from held_payouts where status <> 'failed' and (?::uuid is null or host_id = ?::uuid) group by host_id)
  select coalesce(h.host_id, p.host_id) as host_id, (coalesce(h.amount, 0) - coalesce(p.amount, 0))::text as held,
         coalesce(p.in_flight, false) as in_flight
    from held h full join paid p on p.host_id = h.host_id`;

/**
 * What a host owes the platform (halalas, 0 when nothing): a held share refunded after it was transferred, not yet
 * collected back. `run` is the caller's query (inside its transaction when it has one).
 */
export async function owedByHost(
  run: (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>,
  hostId: string,
): Promise<number> {
  const [row] = await run(HELD_SQL, [hostId, hostId, hostId, hostId]);
  return row ? Math.max(-Number(row.held), 0) : 0;
}

/**
 * Paying out hosts: a host's payout profile as a MyFatoorah supplier, the platform's commission settings, and the
 * host's earnings. The split of each payment is computed by `supplierShares` (payment-split.ts) when the gateway
 * request is sent, and fixed at settlement.
 */
export class PayoutService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private requireHost(user: User | null): User {
    if (!user) throw unauthenticated();
    if (user.role !== Role.host_seller && user.role !== Role.admin) throw forbidden(M.hostsOnly);
    return user;
  }

  /**
   * MyFatoorah with the admin's key, the built-in test gateway where payments use it (test mode, no key, never in
   * production: the payments service's rule), or null (none configured: the profile is saved, the supplier made later).
   */
  async supplierGateway(): Promise<SupplierGateway | null> {
    const cfg = await new SettingsService(this.em, this.deps).getMyFatoorah();
    if (!cfg.apiKey) return cfg.testMode && !this.deps.env.isProduction ? new SandboxSuppliers() : null;
    return new MyFatoorahSuppliers({
      apiKey: cfg.apiKey,
      testMode: cfg.testMode,
      baseUrl: this.deps.env.myFatoorahBaseUrl,
      timeoutMs: this.deps.env.myFatoorahTimeoutMs,
    });
  }

  // ---- Marketplace (commission) settings ----

  private storedMarketplace(): Promise<MarketplaceSettingsView> {
    return storedMarketplace(this.em);
  }

  async marketplaceSettings(actor: User | null): Promise<MarketplaceSettingsView> {
    requireAdmin(actor);
    return this.storedMarketplace();
  }

  async updateMarketplaceSettings(actor: User | null, raw: unknown): Promise<MarketplaceSettingsView> {
    requireAdmin(actor);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput(M.percentInvalid);
    const input = parse(marketplaceSettingsSchema, raw);
    const next: MarketplaceSettingsView = {
      commission_percent: input.commission_percent,
      commission_fixed: input.commission_fixed,
      by_category: Object.fromEntries(
        CATEGORIES.filter((c) => input.by_category[c]).map((c) => [
          c,
          { commission_percent: input.by_category[c].commission_percent, commission_fixed: input.by_category[c].commission_fixed },
        ]),
      ),
    };
    const before = await this.storedMarketplace();
    const row = (await this.em.findOne(Setting, { key: SETTING_KEY })) ?? this.em.create(Setting, { key: SETTING_KEY, value: {} });
    row.value = next as unknown as Record<string, unknown>;
    row.updatedBy = actor!.id;
    this.em.persist(row);
    new AuditService(this.em, this.deps).record(actor!, 'settings.update', 'setting', SETTING_KEY, { ...before }, { ...next });
    await this.em.flush();
    return next;
  }

  // ---- Payout profile ----

  private view(a: PayoutAccount): PayoutAccountView {
    return {
      legalName: a.legalName,
      commercialRegistration: a.commercialRegistration,
      vatNumber: a.vatNumber,
      mobile: a.mobile,
      bank: a.bank,
      iban: maskIban(a.ibanLast4),
      ibanLast4: a.ibanLast4,
      documents: a.documents.map((d) => ({ id: d.id, type: d.type, name: d.name, size: d.size, uploadedAt: d.uploadedAt })),
      supplierStatus: a.supplierStatus,
      supplierComment: a.supplierComment,
      updatedAt: a.updatedAt.toISOString(),
    };
  }

  /** The caller's own payout profile (null before the first save). */
  async getAccount(user: User | null): Promise<PayoutAccountView | null> {
    const host = this.requireHost(user);
    const a = await this.em.findOne(PayoutAccount, { user: host.id });
    return a ? this.view(a) : null;
  }

  /**
   * Saves the caller's payout profile and creates (first time) or edits the host as a MyFatoorah supplier, then uploads
   * the new documents. The gateway is asked before anything is written: a refusal changes nothing. The sandbox approves
   * at once; MyFatoorah's decision arrives by webhook (`supplierWebhook`).
   */
  async saveAccount(user: User | null, raw: z.input<typeof payoutAccountSchema>): Promise<PayoutAccountView> {
    const host = this.requireHost(user);
    const input = parse(payoutAccountSchema, raw);
    const fresh = input.documents
      .filter((d) => d.dataUrl)
      .map((d) => ({ ...d, file: checkDocument(decodeDataUrl(d.dataUrl!)), key: null }));
    // Documents uploaded ahead are taken now (the caller's only, once) and given back if the save fails.
    const release = await this.claimDocuments(
      host,
      input.documents.flatMap((d) => (d.upload ? [d.upload.slice('upload:'.length)] : [])),
    );
    try {
      const staged = await Promise.all(
        input.documents
          .filter((d) => d.upload)
          .map(async (d) => {
            const key = d.upload!.slice('upload:'.length);
            const opened = await this.deps.stores.files.open(key);
            if (!opened) throw badInput(M.documentInvalid, { field: 'documents' });
            return { ...d, file: checkDocument(Buffer.concat(await opened.stream.toArray())), key };
          }),
      );
      return await this.writeAccount(host, input, [...fresh, ...staged]);
    } catch (err) {
      await release();
      throw err;
    }
  }

  /**
   * A payout document uploaded on its own (`POST /api/uploads/payout-documents`, the form's progress bar) before the
   * profile is saved: checked as a document inside the profile's body is, stored, and recorded as the uploader's
   * until a save of theirs takes it. Unused ones are removed after a day with the listings' staged files.
   */
  async stageDocument(user: User | null, data: Buffer | null): Promise<{ upload: string }> {
    const host = this.requireHost(user);
    const file = checkDocument(data);
    const key = `payouts/${randomUUID()}.${file.ext}`;
    await this.deps.stores.files.put(key, file.data);
    try {
      await this.em.getConnection().execute(`insert into file_uploads (key, owner_id) values (?, ?)`, [key, host.id]);
    } catch (err) {
      await this.deps.stores.files.remove(key).catch(() => undefined);
      throw err;
    }
    return { upload: `upload:${key}` };
  }

  private async claimDocuments(host: User, keys: string[]): Promise<() => Promise<void>> {
    if (!keys.length) return async () => {};
    const conn = this.em.getConnection();
    const rows = await conn.execute<Array<{ key: string }>>(`delete from file_uploads where owner_id = ? and key in (?) returning key`, [
      host.id,
      keys,
    ]);
    const giveBack = async (taken: string[]) => {
      for (const key of taken)
        await conn.execute(`insert into file_uploads (key, owner_id) values (?, ?) on conflict do nothing`, [key, host.id]);
    };
    if (rows.length !== new Set(keys).size) {
      await giveBack(rows.map((r) => r.key));
      throw badInput(M.documentInvalid, { field: 'documents' });
    }
    return () => giveBack(keys);
  }

  private async writeAccount(
    host: User,
    input: z.output<typeof payoutAccountSchema>,
    docs: Array<z.output<typeof payoutAccountSchema>['documents'][number] & { file: CheckedDocument; key: string | null }>,
  ): Promise<PayoutAccountView> {
    const existing = await this.em.findOne(PayoutAccount, { user: host.id });

    const req: SupplierRequest = {
      SupplierName: input.legalName,
      Mobile: localSaudiMobile(input.mobile),
      Email: host.email,
      CommissionValue: 0,
      CommissionPercentage: 0,
      DepositTerms: 'Daily',
      BankAccountHolderName: input.legalName,
      Iban: input.iban,
      IsActive: true,
      BusinessName: input.legalName,
    };
    const gateway = await this.supplierGateway();
    let code = existing?.supplierCode ?? null;
    let status: SupplierStatus = existing?.supplierStatus ?? 'none';
    if (gateway) {
      try {
        if (code === null) ({ code, status } = await gateway.createSupplier(req));
        else ({ status } = await gateway.editSupplier(code, req));
        for (const d of docs)
          await gateway.uploadDocument(code, {
            fileType: PAYOUT_DOCUMENT_TYPES[d.type],
            fileName: d.name,
            mediaType: d.file.mediaType,
            data: d.file.data,
          });
      } catch (err) {
        if (!(err instanceof MyFatoorahError)) throw err;
        if (err.kind === 'rejected') throw badInput(`${M.supplierRefused}: ${err.message}`);
        throw new AppError('SERVICE_UNAVAILABLE', M.gatewayUnavailable);
      }
    }

    const stored: StoredPayoutDocument[] = [];
    for (const d of docs) {
      const key = d.key ?? `payouts/${randomUUID()}.${d.file.ext}`;
      if (!d.key) await this.deps.stores.files.put(key, d.file.data);
      stored.push({
        id: randomUUID(),
        type: d.type,
        name: d.name,
        key,
        mediaType: d.file.mediaType,
        size: d.file.data.length,
        uploadedAt: new Date().toISOString(),
      });
    }
    const a =
      existing ??
      this.em.create(PayoutAccount, {
        user: host,
        legalName: input.legalName,
        commercialRegistration: input.commercialRegistration,
        bank: input.bank,
        ibanEncrypted: '',
        ibanLast4: '',
      });
    a.legalName = input.legalName;
    a.commercialRegistration = input.commercialRegistration;
    a.vatNumber = input.vatNumber;
    a.mobile = input.mobile;
    a.bank = input.bank;
    a.ibanEncrypted = encryptSecret(input.iban, this.deps.env.encryptionKey, IBAN_AAD);
    a.ibanLast4 = input.iban.slice(-4);
    // At most PAYOUT_LIMITS.documentsMax are kept: the newest; the older ones' files leave the store once saved.
    const all = [...a.documents, ...stored];
    const dropped = all.slice(0, Math.max(0, all.length - PAYOUT_LIMITS.documentsMax));
    a.documents = all.slice(dropped.length);
    a.supplierCode = code;
    a.supplierStatus = status;
    if (status !== 'rejected') a.supplierComment = null;
    await this.em.persist(a).flush();
    for (const d of dropped) await this.deps.stores.files.remove(d.key).catch(() => undefined);
    return this.view(a);
  }

  // ---- Earnings ----

  async earnings(user: User | null, raw: z.input<typeof earningsQuerySchema>): Promise<Earnings> {
    const host = this.requireHost(user);
    const q = parse(earningsQuerySchema, raw);
    const from = q.from ? riyadhDayStart(q.from) : new Date(0);
    const to = q.to ? new Date(riyadhDayStart(q.to).getTime() + 86_400_000) : new Date('9999-12-31T00:00:00Z');
    const conn = this.em.getConnection();
    // A refund counts once recorded and until refused (requested or refunded): its host part is the host's money
    // given back (from the supplier balance, or out of the held share).
    const base = `from payment_splits s
         join payments p on p.id = s.payment_id
         left join refunds rf on rf.payment_id = s.payment_id and rf.status <> 'failed'
        where s.host_id = ? and s.settled_at is not null and s.settled_at >= ? and s.settled_at < ? and p.status = 'paid'`;
    const params = [host.id, from, to];
    const [t] = await conn.execute<Array<Record<string, string>>>(
      `select count(*)::text as n, coalesce(sum(s.gross), 0)::text as gross, coalesce(sum(s.commission), 0)::text as commission,
              coalesce(sum(s.vat_on_commission), 0)::text as vat_on_commission, coalesce(sum(s.platform_vat), 0)::text as platform_vat,
              coalesce(sum(s.host_net), 0)::text as host_net,
              coalesce(sum(coalesce(rf.host_amount_halalas, 0)), 0)::text as refunded
         ${base}`,
      params,
    );
    const held = await this.heldBalance((sql, p) => conn.execute(sql, p), host.id);
    const payouts = await conn.execute<HeldPayoutRow[]>(
      `select * from held_payouts where host_id = ? and status <> 'failed' and created_at >= ? and created_at < ?
        order by created_at desc limit 100`,
      params,
    );
    const rows = await conn.execute<
      Array<{
        payment_id: string;
        booking_id: string | null;
        title: string | null;
        category: string;
        settled_at: Date;
        gross: string;
        commission: string;
        vat_on_commission: string;
        platform_vat: string;
        host_net: string;
        refunded: string;
        supplier_code: number | null;
      }>
    >(
      `select s.payment_id, p.booking_id, r.title, s.category, s.settled_at, s.gross::text, s.commission::text,
              s.vat_on_commission::text, s.platform_vat::text, s.host_net::text, coalesce(rf.host_amount_halalas, 0)::text as refunded,
              s.supplier_code
         ${base.replace('where', 'left join bookings b on b.id = p.booking_id left join resources r on r.id = b.resource_id where')}
        order by s.settled_at desc, s.payment_id
        limit ? offset ?`,
      [...params, q.pageSize, (q.page - 1) * q.pageSize],
    );
    let paidOut = 0;
    const account = await this.em.findOne(PayoutAccount, { user: host.id });
    if (account?.supplierCode !== null && account?.supplierCode !== undefined) {
      const gateway = await this.supplierGateway();
      let deposits: SupplierDeposit[] = [];
      try {
        deposits = gateway ? await gateway.deposits(account.supplierCode) : [];
      } catch (err) {
        if (!(err instanceof MyFatoorahError)) throw err;
        throw new AppError('SERVICE_UNAVAILABLE', M.gatewayUnavailable);
      }
      for (const d of deposits) {
        const day = depositDay(String(d.DepositDate));
        if ((q.from && (!day || day < q.from)) || (q.to && (!day || day > q.to))) continue;
        paidOut += toHalalas(Number(d.TotalValue) || 0);
      }
    }
    const n = (v: string) => Number(v);
    return {
      from: q.from,
      to: q.to,
      gross: sar(n(t.gross)),
      commission: sar(n(t.commission)),
      vatOnCommission: sar(n(t.vat_on_commission)),
      platformVat: sar(n(t.platform_vat)),
      refunded: sar(n(t.refunded)),
      net: sar(n(t.host_net) - n(t.refunded)),
      pending: sar(Math.max(held, 0)),
      owed: sar(Math.max(-held, 0)),
      paidOut: sar(paidOut),
      transferred: sar(
        payouts.filter((x) => x.status === 'transferred' && x.transfer_type === 'push').reduce((a, x) => a + Number(x.amount_halalas), 0),
      ),
      payouts: payouts.map(heldPayoutView),
      total: Number(t.n),
      page: q.page,
      pageSize: q.pageSize,
      items: rows.map((r) => ({
        paymentId: r.payment_id,
        bookingId: r.booking_id,
        resourceTitle: r.title ?? '',
        category: r.category,
        paidAt: new Date(r.settled_at).toISOString(),
        gross: sar(n(r.gross)),
        commission: sar(n(r.commission)),
        vatOnCommission: sar(n(r.vat_on_commission)),
        platformVat: sar(n(r.platform_vat)),
        refunded: sar(n(r.refunded)),
        net: sar(n(r.host_net) - n(r.refunded)),
        status: r.supplier_code === null ? 'held' : 'split',
      })),
    };
  }

  // ---- Held shares paid out ----

  /** Held balances of every host with something held or in flight, largest first (admins). */
  async heldBalances(actor: User | null): Promise<HeldBalanceView[]> {
    requireAdmin(actor);
    const rows = await this.em.getConnection().execute<
      Array<{
        host_id: string;
        held: string;
        in_flight: boolean;
        full_name: string;
        email: string;
        supplier_code: number | null;
        supplier_status: SupplierStatus | null;
      }>
    >(
      `select b.host_id, b.held, b.in_flight, u.full_name, u.email, a.supplier_code, a.supplier_status
         from (${HELD_SQL}) b
         join users u on u.id = b.host_id
         left join payout_accounts a on a.user_id = b.host_id
        where b.held::bigint <> 0 or b.in_flight
        order by b.held::bigint desc, u.email`,
      [null, null, null, null],
    );
    const flights = await this.em
      .getConnection()
      .execute<Array<HeldPayoutRow & { resolvable: boolean }>>(
        `select *, created_at <= now() - make_interval(mins => ?) as resolvable from held_payouts where status = 'requested'`,
        [HELD_RESOLVE_AFTER_MINUTES],
      );
    const flightOf = new Map(flights.map((f) => [f.host_id, f]));
    return rows.map((r) => {
      const flight = flightOf.get(r.host_id) ?? null;
      const held = Number(r.held);
      const status = r.supplier_status ?? 'none';
      return {
        hostId: r.host_id,
        hostName: r.full_name,
        hostEmail: r.email,
        supplierCode: r.supplier_code,
        supplierStatus: status,
        heldHalalas: held,
        held: sar(held),
        owedHalalas: Math.max(-held, 0),
        owed: sar(Math.max(-held, 0)),
        payable: held !== 0 && !r.in_flight && status === 'approved' && r.supplier_code !== null,
        inFlight: r.in_flight,
        inFlightPayout: flight ? heldPayoutView(flight) : null,
        resolvable: flight?.resolvable ?? false,
      };
    });
  }

  /** A host's held balance now, halalas (inside a transaction when `run` is one). */
  private async heldBalance(run: (q: string, p: unknown[]) => Promise<Array<Record<string, unknown>>>, hostId: string) {
    const [row] = await run(HELD_SQL, [hostId, hostId, hostId, hostId]);
    return Number(row?.held ?? 0);
  }

  /**
   * An admin pays out a host's held balance once its supplier is approved: TransferBalance (push) of exactly the
   * balance the admin saw (`amount_halalas`; anything else is 409, so a stale page or a second click pays nothing
   * twice). The transfer is recorded and audited before MyFatoorah is asked (under a per-host lock, one in flight per
   * host); refused or never reached, it is marked failed and the balance is held again; no answer keeps it
   * `requested` (it may have happened) until an admin checks the MyFatoorah portal. Below 0 (held shares refunded
   * after their transfer: the host owes the platform) the same rules collect the whole owed amount back (pull).
   */
  async payHeld(actor: User | null, hostId: unknown, raw: z.input<typeof heldPayoutSchema>): Promise<HeldPayoutView> {
    const admin = requireAdmin(actor);
    if (!isUuid(hostId)) throw notFound(M.hostNotFound);
    const input = parse(heldPayoutSchema, raw ?? {});
    const account = await this.em.findOne(PayoutAccount, { user: hostId }, { populate: ['user'] });
    if (!account) {
      const exists = await this.em.getConnection().execute(`select 1 from users where id = ?`, [hostId]);
      if (!exists.length) throw notFound(M.hostNotFound);
    }
    if (!account || account.supplierStatus !== 'approved' || account.supplierCode === null) throw conflict(M.heldNotApproved);
    const code = account.supplierCode;
    const gateway = await this.supplierGateway();
    if (!gateway) throw new AppError('SERVICE_UNAVAILABLE', M.gatewayUnavailable);
    const id = randomUUID();
    let type: 'push' | 'pull' = 'push';
    await this.em.transactional(async (tem) => {
      const tx = tem.getTransactionContext();
      const c = tem.getConnection();
      const run = (q: string, params: unknown[]) => c.execute<Array<Record<string, unknown>>>(q, params, 'all', tx);
      await run(`select pg_advisory_xact_lock(hashtext(?))`, [`held-payout:${hostId}`]);
      const [flight] = await run(`select 1 from held_payouts where host_id = ? and status = 'requested'`, [hostId]);
      if (flight) throw conflict(M.heldInFlight);
      const held = await this.heldBalance(run, hostId);
      if (held === 0) throw conflict(M.heldNothing);
      // Below 0 the host owes the platform: the same whole amount is collected back (pull).
      if (Math.abs(held) !== input.amountHalalas) throw conflict(M.heldChanged);
      type = held > 0 ? 'push' : 'pull';
      await run(
        `insert into held_payouts (id, host_id, supplier_code, amount_halalas, gateway, admin_id, transfer_type) values (?, ?, ?, ?, ?, ?, ?)`,
        [id, hostId, code, Math.abs(held), gateway.name, admin.id, type],
      );
      new AuditService(tem, this.deps).record(
        { id: admin.id, email: admin.email },
        'payout.held_transfer',
        'user',
        hostId,
        { held_halalas: held },
        { held_payout_id: id, amount_halalas: Math.abs(held), supplier_code: code, transfer_type: type },
        account.user.email,
      );
    });
    const conn = this.em.getConnection();
    try {
      const { reference } = await gateway.transferToSupplier(code, toSar(input.amountHalalas), `Mawarid held-payout:${id}`, type);
      await conn.execute(
        `update held_payouts set status = 'transferred', gateway_reference = ?, transferred_at = now(), updated_at = now() where id = ?`,
        [reference, id],
      );
    } catch (err) {
      if (!(err instanceof MyFatoorahError)) throw err;
      const unanswered = err.kind === 'timeout';
      // Only while still in flight: an admin's resolution (resolveHeld) is never overwritten by a late failure.
      await conn.execute(`update held_payouts set status = ?, error = ?, updated_at = now() where id = ? and status = 'requested'`, [
        unanswered ? 'requested' : 'failed',
        err.message,
        id,
      ]);
      if (unanswered) throw new AppError('SERVICE_UNAVAILABLE', M.transferUnconfirmed);
      if (err.kind === 'rejected') throw conflict(`${M.transferRefused}: ${err.message}`);
      throw new AppError('SERVICE_UNAVAILABLE', M.gatewayUnavailable);
    }
    const [row] = await conn.execute<HeldPayoutRow[]>(`select * from held_payouts where id = ?`, [id]);
    return heldPayoutView(row);
  }

  /**
   * An admin resolves a transfer MyFatoorah never answered, after checking the MyFatoorah portal for a transfer whose
   * notes carry `Mawarid held-payout:<id>` (MyFatoorah documents no way to look a transfer up by API: TransferBalance
   * answers only {InvoiceId, Date}; GetSupplierDeposits lists bank deposits and GetSupplierDashboard totals).
   * `not_sent` marks it failed, so the balance is held again and can be paid anew; `transferred` records the portal's
   * reference. Only a transfer still `requested` and sent at least HELD_RESOLVE_AFTER_MINUTES ago (no answer can
   * still arrive); one conditional update under the host's payout lock, so two admins resolve it once. Audited with
   * the reason. Never transfers anything itself.
   */
  async resolveHeld(actor: User | null, payoutId: unknown, raw: z.input<typeof heldResolveSchema>): Promise<HeldPayoutView> {
    const admin = requireAdmin(actor);
    if (!isUuid(payoutId)) throw notFound(M.transferNotFound);
    const input = parse(heldResolveSchema, raw ?? {});
    const row = await this.em.transactional(async (tem) => {
      const tx = tem.getTransactionContext();
      const c = tem.getConnection();
      const run = <T = Record<string, unknown>>(q: string, params: unknown[]) => c.execute<T[]>(q, params, 'all', tx);
      const [found] = await run<{ host_id: string }>(`select host_id from held_payouts where id = ?`, [payoutId]);
      if (!found) throw notFound(M.transferNotFound);
      await run(`select pg_advisory_xact_lock(hashtext(?))`, [`held-payout:${found.host_id}`]);
      const [p] = await run<HeldPayoutRow & { old_enough: boolean }>(
        `select *, created_at <= now() - make_interval(mins => ?) as old_enough from held_payouts where id = ? for update`,
        [HELD_RESOLVE_AFTER_MINUTES, payoutId],
      );
      if (p.status !== 'requested') throw conflict(M.resolveNotInFlight);
      if (!p.old_enough) throw conflict(M.resolveTooEarly);
      const [updated] =
        input.outcome === 'not_sent'
          ? await run<HeldPayoutRow>(
              `update held_payouts set status = 'failed', error = ?, updated_at = now() where id = ? and status = 'requested' returning *`,
              [`Marked as not sent by an admin: ${input.reason}`, payoutId],
            )
          : await run<HeldPayoutRow>(
              `update held_payouts set status = 'transferred', gateway_reference = ?, error = null, transferred_at = now(), updated_at = now()
                where id = ? and status = 'requested' returning *`,
              [input.gatewayReference, payoutId],
            );
      const [host] = await run<{ email: string }>(`select email from users where id = ?`, [p.host_id]);
      new AuditService(tem, this.deps).record(
        { id: admin.id, email: admin.email },
        'payout.held_resolve',
        'user',
        p.host_id,
        { held_payout_id: p.id, status: 'requested', amount_halalas: Number(p.amount_halalas), error: p.error },
        {
          held_payout_id: p.id,
          status: updated.status,
          outcome: input.outcome,
          reason: input.reason,
          gateway_reference: input.gatewayReference,
        },
        host?.email,
      );
      return updated;
    });
    return heldPayoutView(row);
  }
}
