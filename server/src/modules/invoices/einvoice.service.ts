import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { badInput, conflict, forbidden, notFound, unauthenticated } from '../common/errors.js';
import { isAdmin } from '../common/roles.js';
import type { User } from '../users/user.entity.js';
import { parse } from '../common/validate.js';
import { decryptSecret, encryptSecret, SettingsService } from '../settings/settings.service.js';
import {
  ZATCA_MESSAGES as ZM,
  ZATCA_RENEWAL_WARNING_DAYS,
  zatcaOnboardingSchema,
  zatcaRenewalSchema,
  type ZatcaSeller,
} from '../../shared/zatca.rules.js';
import { readCertificate } from '../../integrations/zatca/certificate.js';
import { buildCsr, generateStampKey, TEMPLATE_NAMES } from '../../integrations/zatca/csr.js';
import {
  certificateOfToken,
  FATOORA_BASE_URLS,
  FatooraClient,
  FatooraError,
  type Csid,
  type SubmissionResult,
  type ValidationMessage,
  type ZatcaEnvironment,
} from '../../integrations/zatca/client.js';
import { FIRST_PIH, signInvoice, type EInvoiceInput, type StampKey } from '../../integrations/zatca/invoice.js';
import { appendToChain, NotRejectedError, type ChainedDocument } from './einvoice.chain.js';
import { ZATCA_TOPICS } from './einvoice.events.js';
import { AuditService } from '../audit/audit.service.js';
import { fromStoredInvoice, type InvoiceData, type StoredInvoice } from './invoice.types.js';
import { fromStoredCreditNote, type CreditNoteData, type StoredCreditNote } from '../refunds/refund.types.js';
import {
  fromStoredCommissionCreditNote,
  fromStoredCommissionInvoice,
  type CommissionCreditNoteData,
  type CommissionInvoiceData,
  type StoredCommissionCreditNote,
  type StoredCommissionInvoice,
} from './commission-invoice.types.js';

/**
 * ZATCA phase 2 for the platform as seller of record: onboarding of its one e-invoicing unit (EGS) and the worker's
 * pass that signs a document for every invoice and credit note issued since onboarding and clears (standard) or
 * reports (simplified) it. Documents are built from the frozen invoice / credit-note snapshot, the buyer's VAT
 * number, CR and national address included (frozen at settlement; they make the invoice standard).
 */

type Row = Record<string, unknown>;

const AAD = { key: 'zatca.private_key', compliance: 'zatca.compliance_csid', production: 'zatca.production_csid' } as const;

export interface ZatcaStatus {
  /** ZATCA_ENV, or null when e-invoicing is off on this server. */
  environment: ZatcaEnvironment | null;
  /** none: not onboarded (invoices are phase 1); compliance: under way; active: phase 2; failed: see `error`. */
  status: 'none' | 'compliance' | 'active' | 'failed';
  error: string | null;
  activated_at: string | null;
  certificate_expires_at: string | null;
  /** The production certificate expires within 30 days (or has): the admin renews it with a new one-time code. */
  renewal_due: boolean;
  /** Documents by status (pending, cleared, reported, reported_with_warnings, rejected, failed, resubmitted). */
  documents: Record<string, number>;
  /** The latest rejected documents (at most 10, newest first) with ZATCA's messages, for the admin to correct. */
  rejected: ZatcaRejectedDocument[];
}

interface ZatcaRejectedDocument {
  id: string;
  number: string;
  type: 'invoice' | 'credit_note' | 'debit_note';
  kind: 'standard' | 'simplified';
  submitted_at: string | null;
  /** ZATCA's warnings and errors as it wrote them (type ERROR / WARNING, code, message). */
  messages: Array<{ type: string | null; code: string | null; message: string | null }>;
}

export interface ZatcaResubmitted {
  /** The new document's UUID. */
  id: string;
  icv: number;
  number: string;
  status: 'pending';
  /** The rejected document it corrects. */
  replaces: string;
}

interface Active {
  environment: ZatcaEnvironment;
  seller: ZatcaSeller;
  key: StampKey;
  production: Csid;
  activatedAt: Date;
}

const halalas = (sar: number) => Math.round(sar * 100);

function client(deps: Deps): FatooraClient {
  const z = deps.env.zatca!;
  return new FatooraClient(z.baseUrl ?? FATOORA_BASE_URLS[z.environment]);
}

const sellerOf = (s: ZatcaSeller): EInvoiceInput['seller'] => ({
  name: s.name,
  vatNumber: s.vat_number,
  crn: s.crn,
  address: { street: s.street, building: s.building, district: s.district, city: s.city, postalCode: s.postal_code },
});

/** The six documents ZATCA's compliance checks ask of a unit issuing both kinds: invoice, credit and debit note each. */
function complianceSamples(seller: ZatcaSeller, key: StampKey): Array<{ uuid: string; hash: string; xml: string }> {
  const out: Array<{ uuid: string; hash: string; xml: string }> = [];
  let pih = FIRST_PIH;
  const buyer = {
    name: 'Compliance Check Buyer',
    vatNumber: '399999999900003',
    crn: '1010010000',
    address: { street: 'Prince Sultan', building: '2322', district: 'Al-Murabba', city: 'Riyadh', postalCode: '23333' },
  };
  for (const kind of ['standard', 'simplified'] as const) {
    for (const type of ['invoice', 'credit_note', 'debit_note'] as const) {
      const uuid = randomUUID();
      const signed = signInvoice(
        {
          kind,
          type,
          number: `CC-${out.length + 1}`,
          uuid,
          issuedAt: new Date(),
          supplyDate: new Date(),
          icv: out.length + 1,
          pih,
          seller: sellerOf(seller),
          buyer,
          lines: [{ name: 'Compliance check', quantity: 1, unitPriceHalalas: 10000, netHalalas: 10000 }],
          vatPercent: 15,
          subtotalHalalas: 10000,
          vatHalalas: 1500,
          totalHalalas: 11500,
          paymentMeansCode: '48',
          ...(type === 'invoice' ? {} : { billingReference: { invoiceNumber: 'CC-1', reason: 'Compliance check' } }),
        },
        key,
      );
      pih = signed.hash;
      out.push({ uuid, hash: signed.hash, xml: signed.xml });
    }
  }
  return out;
}

/** The CSR's subject and extensions ZATCA requires, for the unit's seller identity and serial. */
const csrSubject = (seller: ZatcaSeller, egsSerial: string) => ({
  commonName: `Mawarid-EGS-${seller.vat_number}`,
  organizationName: seller.name,
  organizationUnit: seller.branch,
  vatNumber: seller.vat_number,
  egsSerial,
  invoiceTypes: '1100',
  address: `${seller.building} ${seller.street}, ${seller.district}, ${seller.city} ${seller.postal_code}`,
  industry: seller.industry,
});

const messagesText = (r: SubmissionResult) => r.errors.map((e) => [e.code, e.message].filter(Boolean).join(': ')).join('; ');

export class ZatcaService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private run(q: string, params: unknown[] = []): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(q, params);
  }

  private admin(user: User | null): void {
    if (!user) throw unauthenticated();
    if (!isAdmin(user.role)) throw forbidden();
  }

  async status(user: User | null): Promise<ZatcaStatus> {
    this.admin(user);
    const [row] = await this.run(`select status, error, activated_at, certificate_expires_at from zatca_onboarding where id = 1`);
    // A rejected document corrected by a new one counts as "resubmitted", no longer as rejected.
    const counts = await this.run(
      `select case when superseded_at is not null then 'resubmitted' else status end as status, count(*)::int as n
         from e_invoices group by 1`,
    );
    const rejected = await this.run(
      `select id, number, type, kind, submitted_at, zatca_messages from e_invoices where status = 'rejected' and superseded_at is null
       order by submitted_at desc nulls last, icv desc limit 10`,
    );
    return {
      environment: this.deps.env.zatca?.environment ?? null,
      status: (row?.status as ZatcaStatus['status']) ?? 'none',
      error: (row?.error as string) ?? null,
      activated_at: row?.activated_at ? new Date(row.activated_at as string).toISOString() : null,
      certificate_expires_at: row?.certificate_expires_at ? new Date(row.certificate_expires_at as string).toISOString() : null,
      renewal_due:
        row?.status === 'active' && !!row.certificate_expires_at
          ? new Date(row.certificate_expires_at as string).getTime() - Date.now() < ZATCA_RENEWAL_WARNING_DAYS * 86_400_000
          : false,
      documents: Object.fromEntries(counts.map((c) => [String(c.status), Number(c.n)])),
      rejected: rejected.map((r) => ({
        id: String(r.id),
        number: String(r.number),
        type: r.type as ZatcaRejectedDocument['type'],
        kind: r.kind as ZatcaRejectedDocument['kind'],
        submitted_at: r.submitted_at ? new Date(r.submitted_at as string).toISOString() : null,
        messages: ((typeof r.zatca_messages === 'string' ? JSON.parse(r.zatca_messages) : r.zatca_messages) as ValidationMessage[]).map(
          (m) => ({ type: m.type ?? null, code: m.code ?? null, message: m.message ?? null }),
        ),
      })),
    };
  }

  /**
   * Onboards the platform's unit with the portal's one-time code: key pair and CSR → compliance CSID → the six
   * compliance checks → production CSID. Each step's result is stored (encrypted) before the next, and a failure is
   * kept with ZATCA's words for the admin; onboarding again starts over with a new key.
   */
  async onboard(user: User | null, input: unknown): Promise<ZatcaStatus> {
    this.admin(user);
    const z = this.deps.env.zatca;
    if (!z) throw badInput(ZM.notConfigured);
    const { otp, seller } = parse(zatcaOnboardingSchema, input);
    const [existing] = await this.run(`select status from zatca_onboarding where id = 1`);
    if (existing?.status === 'active') throw conflict(ZM.alreadyActive);
    // One seller identity: the one every document prints (General settings). The certificate carries its VAT number,
    // so it cannot differ; General then refuses to change it while the unit is active (settings.service.ts).
    const general = await new SettingsService(this.em, this.deps).getGeneral();
    if (seller.name !== general.platform_name.trim()) throw badInput(ZM.sellerName, { field: 'seller.name' });
    if (seller.vat_number !== general.vat_number) throw badInput(ZM.sellerVatNumber, { field: 'seller.vat_number' });
    const secret = this.deps.env.encryptionKey;
    const { privateKey, privateKeyPem } = generateStampKey();
    const egsSerial = `1-Mawarid|2-1|3-${randomUUID()}`;
    const csr = buildCsr(csrSubject(seller, egsSerial), TEMPLATE_NAMES[z.environment], privateKey);
    await this.run(
      `insert into zatca_onboarding (id, environment, status, seller, egs_serial, private_key)
       values (1, ?, 'compliance', ?::jsonb, ?, ?)
       on conflict (id) do update set environment = excluded.environment, status = 'compliance', seller = excluded.seller,
         egs_serial = excluded.egs_serial, private_key = excluded.private_key, compliance_csid = null, production_csid = null,
         certificate_expires_at = null, compliance_results = '[]', error = null, activated_at = null, updated_at = now()`,
      [z.environment, JSON.stringify(seller), egsSerial, encryptSecret(privateKeyPem, secret, AAD.key)],
    );
    const fail = async (message: string, results: unknown[] = []) => {
      await this.run(
        `update zatca_onboarding set status = 'failed', error = ?, compliance_results = ?::jsonb, updated_at = now() where id = 1`,
        [message, JSON.stringify(results)],
      );
      return badInput(`${ZM.failed}: ${message}`);
    };
    const api = client(this.deps);
    let compliance: Csid;
    try {
      compliance = await api.complianceCsid(csr, otp);
    } catch (err) {
      if (err instanceof FatooraError && /otp/i.test(err.errors.map((e) => e.code ?? '').join(' '))) {
        await fail(err.message);
        throw badInput(ZM.otp, { field: 'otp' });
      }
      throw await fail((err as Error).message);
    }
    await this.run(`update zatca_onboarding set compliance_csid = ?, updated_at = now() where id = 1`, [
      encryptSecret(JSON.stringify(compliance), secret, AAD.compliance),
    ]);
    const key = { privateKeyPem, certificate: certificateOfToken(compliance.binarySecurityToken) };
    const results = [];
    for (const doc of complianceSamples(seller, key)) {
      const r = await api.complianceCheck(compliance, doc);
      results.push({ status: r.status, http_status: r.httpStatus, warnings: r.warnings, errors: r.errors });
      if (r.httpStatus >= 300 && r.httpStatus !== 202)
        throw await fail(`compliance check: ${messagesText(r) || `HTTP ${r.httpStatus}`}`, results);
    }
    let production: Csid;
    try {
      production = await api.productionCsid(compliance);
    } catch (err) {
      throw await fail((err as Error).message, results);
    }
    const cert = readCertificate(certificateOfToken(production.binarySecurityToken));
    await this.run(
      `update zatca_onboarding set status = 'active', production_csid = ?, certificate_expires_at = ?, compliance_results = ?::jsonb,
         error = null, activated_at = now(), updated_at = now() where id = 1`,
      [encryptSecret(JSON.stringify(production), secret, AAD.production), cert.validTo, JSON.stringify(results)],
    );
    publishChange(this.deps);
    await this.deps.jobs.send('zatca.pass', {});
    return this.status(user);
  }

  /**
   * Renews the production CSID before it expires (ZATCA: PATCH /production/csids with a new CSR and the portal's new
   * one-time code, authenticated with the current production CSID): a new key pair and CSR with the same seller
   * identity; the new key and certificate replace the old ones (encrypted at rest) once ZATCA issued them, so a
   * failed renewal leaves the unit running on its current certificate. Audited as `zatca.renew` (expiry dates only).
   */
  async renew(user: User | null, input: unknown): Promise<ZatcaStatus> {
    this.admin(user);
    const z = this.deps.env.zatca;
    if (!z) throw badInput(ZM.notConfigured);
    const { otp } = parse(zatcaRenewalSchema, input);
    const unit = await activeUnit(this.em, this.deps);
    if (!unit) throw conflict(ZM.notActive);
    const [row] = await this.run(`select egs_serial, certificate_expires_at from zatca_onboarding where id = 1`);
    const { privateKey, privateKeyPem } = generateStampKey();
    const csr = buildCsr(csrSubject(unit.seller, String(row.egs_serial)), TEMPLATE_NAMES[z.environment], privateKey);
    let production: Csid;
    try {
      production = await client(this.deps).renewProductionCsid(unit.production, csr, otp);
    } catch (err) {
      if (err instanceof FatooraError && /otp/i.test(err.errors.map((e) => e.code ?? '').join(' ')))
        throw badInput(ZM.otp, { field: 'otp' });
      throw badInput(`${ZM.renewalFailed}: ${(err as Error).message}`);
    }
    const cert = readCertificate(certificateOfToken(production.binarySecurityToken));
    const secret = this.deps.env.encryptionKey;
    const before = row.certificate_expires_at ? new Date(row.certificate_expires_at as string).toISOString() : null;
    await this.em.transactional(async (tem) => {
      await tem
        .getConnection()
        .execute(
          `update zatca_onboarding set private_key = ?, production_csid = ?, certificate_expires_at = ?, updated_at = now() where id = 1`,
          [encryptSecret(privateKeyPem, secret, AAD.key), encryptSecret(JSON.stringify(production), secret, AAD.production), cert.validTo],
          'all',
          tem.getTransactionContext(),
        );
      new AuditService(tem as EntityManager, this.deps).record(
        user!,
        'zatca.renew',
        'zatca_onboarding',
        '1',
        { certificate_expires_at: before },
        { certificate_expires_at: new Date(cert.validTo).toISOString() },
      );
    });
    publishChange(this.deps);
    return this.status(user);
  }

  /**
   * Corrects a rejected document as ZATCA allows: a rejected invoice or note is not valid and is never sent again;
   * a NEW document for the same sale — new UUID, the next ICV, chained to the last hash — is signed from the frozen
   * snapshot (with the unit's current seller data and our current code) and queued for clearance / reporting. The
   * rejected one stays in the chain, marked superseded. 409 when the document is not (or no longer) rejected.
   */
  async resubmit(user: User | null, id: unknown): Promise<ZatcaResubmitted> {
    this.admin(user);
    if (typeof id !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      throw notFound(ZM.documentNotFound);
    const [doc] = await this.run(
      `select e.id, e.type, e.icv::text as icv, e.number, e.status, e.superseded_at, e.payment_id, e.refund_id, p.invoice_snapshot,
              r.credit_note_snapshot, ${INVOICE_KIND_SQL}, e.commission_invoice_id, ci.snapshot as commission_invoice_snapshot,
              e.commission_credit_note_id, cn.snapshot as commission_credit_note_snapshot, ${COMMISSION_INVOICE_KIND_SQL}
         from e_invoices e left join payments p on p.id = e.payment_id left join refunds r on r.id = e.refund_id
              left join commission_invoices ci on ci.id = e.commission_invoice_id
              left join commission_credit_notes cn on cn.id = e.commission_credit_note_id
        where e.id = ?`,
      [id],
    );
    if (!doc) throw notFound(ZM.documentNotFound);
    if (doc.status !== 'rejected' || doc.superseded_at) throw conflict(ZM.notRejected);
    const unit = await activeUnit(this.em, this.deps);
    if (!unit) throw badInput(ZM.notConfigured);
    const base = doc.commission_invoice_id
      ? commissionInvoiceDocument(
          unit,
          String(doc.commission_invoice_id),
          fromStoredCommissionInvoice(doc.commission_invoice_snapshot as StoredCommissionInvoice),
        )
      : doc.commission_credit_note_id
        ? commissionCreditNoteDocument(
            unit,
            { id: String(doc.commission_credit_note_id), invoiceKind: doc.commission_invoice_kind },
            fromStoredCommissionCreditNote(doc.commission_credit_note_snapshot as StoredCommissionCreditNote),
          )
        : doc.type === 'credit_note'
          ? creditNoteDocument(
              unit,
              { id: String(doc.refund_id), paymentId: String(doc.payment_id), invoiceKind: doc.invoice_kind },
              fromStoredCreditNote(doc.credit_note_snapshot as StoredCreditNote),
            )
          : invoiceDocument(unit, String(doc.payment_id), fromStoredInvoice(doc.invoice_snapshot as StoredInvoice));
    let issued;
    try {
      issued = await appendToChain(this.em.fork() as EntityManager, { ...base, replaces: id }, unit.key, (tem, d) =>
        new AuditService(tem, this.deps).record(
          user!,
          'zatca.resubmit',
          'e_invoice',
          id,
          { id, icv: Number(doc.icv), number: String(doc.number), status: 'rejected' },
          { id: d.id, icv: d.icv, number: String(doc.number), status: 'pending', replaces: id },
          String(doc.number),
        ),
      );
    } catch (err) {
      if (err instanceof NotRejectedError) throw conflict(ZM.notRejected);
      throw err;
    }
    publishChange(this.deps);
    await this.deps.jobs.send('zatca.pass', {});
    return { id: issued.id, icv: issued.icv, number: String(doc.number), status: 'pending', replaces: id };
  }
}

/** The onboarded unit's key, certificate and credentials, or null (not onboarded here, or ZATCA_ENV unset). */
async function activeUnit(em: EntityManager, deps: Deps): Promise<Active | null> {
  if (!deps.env.zatca) return null;
  const [row] = await em
    .getConnection()
    .execute<Row[]>(`select * from zatca_onboarding where id = 1 and status = 'active' and environment = ?`, [deps.env.zatca.environment]);
  if (!row) return null;
  const secret = deps.env.encryptionKey;
  const pem = decryptSecret(String(row.private_key), secret, AAD.key);
  const prod = decryptSecret(String(row.production_csid), secret, AAD.production);
  if (!pem || !prod) throw new Error('ZATCA credentials do not decrypt with this ENCRYPTION_KEY');
  const production = JSON.parse(prod) as Csid;
  return {
    environment: deps.env.zatca.environment,
    seller: row.seller as ZatcaSeller,
    key: { privateKeyPem: pem, certificate: certificateOfToken(production.binarySecurityToken) },
    production,
    activatedAt: new Date(row.activated_at as string),
  };
}

type Buyer = EInvoiceInput['buyer'];

/** KSA-10, the reason a credit note is issued, in words (refunds store a code). */
const REFUND_REASONS: Record<string, string> = {
  customer_cancelled: 'Booking cancelled by the customer; refund under the cancellation policy',
  host_cancelled: 'Booking cancelled by the host; full refund',
  admin_cancelled: 'Booking cancelled by Mawarid; refund',
  refund_due: 'Payment received for a booking that could no longer be honoured; refund',
  duplicate: 'Duplicate payment refunded',
};

/**
 * The kind and buyer of a document from the buyer block frozen in the invoice (or credit note) snapshot at
 * settlement: with the company's VAT number and national address it is a standard invoice (B2B, cleared), otherwise
 * simplified (reported). The live profile is not read: what the buyer was invoiced as is what ZATCA gets.
 */
function buyerOf(b: InvoiceData['buyer']): { kind: 'standard' | 'simplified'; buyer: Buyer } {
  const name = b.companyName || b.name;
  const a = b.nationalAddress;
  if (b.vatNumber && a)
    return {
      kind: 'standard',
      buyer: {
        name,
        vatNumber: b.vatNumber,
        crn: b.crNumber || null,
        address: { street: a.street, building: a.buildingNumber, district: a.district, city: a.city, postalCode: a.postalCode },
      },
    };
  return { kind: 'simplified', buyer: { name } };
}

/**
 * What every document of the unit shares. The seller's name is the one the document froze at issue (its PDF prints
 * it), which is the onboarded one unless General settings renamed the platform since (they rename the unit too).
 */
const baseOf = (unit: Active, frozen: { name: string }) => ({
  seller: { ...sellerOf(unit.seller), name: frozen.name || unit.seller.name },
  environment: unit.environment,
  paymentMeansCode: '48',
});

/** The e-invoice of a paid invoice, from its frozen snapshot. */
function invoiceDocument(unit: Active, paymentId: string, s: InvoiceData): ChainedDocument {
  const { kind, buyer } = buyerOf(s.buyer);
  return {
    ...baseOf(unit, s.seller),
    kind,
    type: 'invoice',
    number: s.invoiceNumber,
    issuedAt: new Date(s.issuedAt),
    supplyDate: new Date(s.booking.startDate),
    buyer,
    lines: s.lines.map((l) => ({
      name: l.description,
      quantity: l.quantity,
      unitPriceHalalas: halalas(l.unitPrice),
      netHalalas: halalas(l.amount),
    })),
    vatPercent: Math.round(s.vatRate * 100),
    subtotalHalalas: halalas(s.subtotal),
    vatHalalas: halalas(s.vat),
    totalHalalas: halalas(s.total),
    paymentId,
    refundId: null,
  };
}

/** The e-invoice (credit note) of a refund, from its frozen snapshot; of the kind of the invoice it corrects. */
function creditNoteDocument(unit: Active, r: { id: string; paymentId: string; invoiceKind: unknown }, s: CreditNoteData): ChainedDocument {
  let { kind, buyer } = buyerOf(s.buyer);
  // A note is of the kind of the invoice it corrects (its buyer block is the invoice's, frozen at settlement).
  if (r.invoiceKind === 'simplified') ({ kind, buyer } = { kind: 'simplified', buyer: { name: s.buyer.companyName || s.buyer.name } });
  return {
    ...baseOf(unit, s.seller),
    kind,
    type: 'credit_note',
    number: s.creditNoteNumber,
    issuedAt: new Date(s.issuedAt),
    supplyDate: new Date(s.originalInvoiceIssuedAt),
    buyer,
    // Our credit notes show negative amounts; in UBL a credit note's amounts are positive, its type says credit.
    lines: s.lines.map((l) => ({
      name: l.description,
      quantity: 1,
      unitPriceHalalas: halalas(Math.abs(l.amount)),
      netHalalas: halalas(Math.abs(l.amount)),
    })),
    vatPercent: Math.round(s.vatRate * 100),
    subtotalHalalas: halalas(Math.abs(s.subtotal)),
    vatHalalas: halalas(Math.abs(s.vat)),
    totalHalalas: halalas(Math.abs(s.total)),
    billingReference: { invoiceNumber: s.originalInvoiceNumber, reason: REFUND_REASONS[s.reason] ?? s.reason },
    paymentId: r.paymentId,
    refundId: r.id,
  };
}

const INVOICE_KIND_SQL = `(select kind from e_invoices e where e.payment_id = r.payment_id and e.type = 'invoice' and e.superseded_at is null) as invoice_kind`;
/** The kind of the e-invoice of the commission invoice a commission credit note (`cn`) corrects, if it has one. */
const COMMISSION_INVOICE_KIND_SQL = `(select kind from e_invoices x where x.commission_invoice_id = cn.invoice_id and x.superseded_at is null)
  as commission_invoice_kind`;

/**
 * The host as the buyer of a commission document, from the block frozen in the commission invoice at issue: with a
 * VAT number and the national address frozen beside it, a standard invoice (cleared); otherwise simplified (reported).
 */
function commissionBuyerOf(b: CommissionInvoiceData['buyer']): { kind: 'standard' | 'simplified'; buyer: Buyer } {
  const a = b.nationalAddress;
  if (b.vatNumber && a)
    return {
      kind: 'standard',
      buyer: {
        name: b.name,
        vatNumber: b.vatNumber,
        crn: b.commercialRegistration || null,
        address: { street: a.street, building: a.buildingNumber, district: a.district, city: a.city, postalCode: a.postalCode },
      },
    };
  return { kind: 'simplified', buyer: { name: b.name } };
}

/**
 * UN/CEFACT 4461 code 97, "clearing between partners": the platform's commission is not paid by the host, it is
 * withheld from the host's payouts.
 */
const COMMISSION_PAYMENT_MEANS = '97';

/** One line per snapshot line (the month's commission, net of refunds netted into it), quantity 1. */
const commissionLines = (lines: Array<{ description: string; amount: number }>) =>
  lines.map((l) => ({
    name: l.description,
    quantity: 1,
    unitPriceHalalas: halalas(Math.abs(l.amount)),
    netHalalas: halalas(Math.abs(l.amount)),
  }));

/** The e-invoice of the platform's monthly commission invoice to a host, from its frozen snapshot. */
function commissionInvoiceDocument(unit: Active, id: string, s: CommissionInvoiceData): ChainedDocument {
  const { kind, buyer } = commissionBuyerOf(s.buyer);
  return {
    ...baseOf(unit, s.seller),
    paymentMeansCode: COMMISSION_PAYMENT_MEANS,
    kind,
    type: 'invoice',
    number: s.invoiceNumber,
    issuedAt: new Date(s.issuedAt),
    // The service (the month's marketplace) was supplied by the month's last day.
    supplyDate: new Date(new Date(s.periodEnd).getTime() - 1000),
    buyer,
    lines: commissionLines(s.lines),
    vatPercent: Math.round(s.vatRate * 100),
    subtotalHalalas: halalas(s.subtotal),
    vatHalalas: halalas(s.vat),
    totalHalalas: halalas(s.total),
    paymentId: null,
    refundId: null,
    commissionInvoiceId: id,
  };
}

/** The e-invoice (credit note 381) of a commission credit note, of the kind of the commission invoice it corrects. */
function commissionCreditNoteDocument(unit: Active, n: { id: string; invoiceKind: unknown }, s: CommissionCreditNoteData): ChainedDocument {
  let { kind, buyer } = commissionBuyerOf(s.buyer);
  if (n.invoiceKind === 'simplified') ({ kind, buyer } = { kind: 'simplified', buyer: { name: s.buyer.name } });
  return {
    ...baseOf(unit, s.seller),
    paymentMeansCode: COMMISSION_PAYMENT_MEANS,
    kind,
    type: 'credit_note',
    number: s.creditNoteNumber,
    issuedAt: new Date(s.issuedAt),
    supplyDate: new Date(s.originalInvoiceIssuedAt),
    buyer,
    // Negative on our note; positive in UBL, where the type says credit.
    lines: commissionLines(s.lines),
    vatPercent: Math.round(s.vatRate * 100),
    subtotalHalalas: halalas(Math.abs(s.subtotal)),
    vatHalalas: halalas(Math.abs(s.vat)),
    totalHalalas: halalas(Math.abs(s.total)),
    billingReference: { invoiceNumber: s.originalInvoiceNumber, reason: 'Marketplace commission given back on a refund to the customer' },
    paymentId: null,
    refundId: null,
    commissionCreditNoteId: n.id,
  };
}

/**
 * Signs a document for each invoice and credit note issued since onboarding that has none yet, in issue order: the
 * buyers' (payments, refunds), then the platform's commission invoices and credit notes to hosts.
 */
async function issueMissing(deps: Deps, unit: Active): Promise<void> {
  const em = deps.orm.em.fork() as EntityManager;
  /** Appends a document for each row the query selects (issued since onboarding, none yet), in its order. */
  const appendPending = async (query: string, toDocument: (r: Row) => ChainedDocument) => {
    for (const r of await em.getConnection().execute<Row[]>(query, [unit.activatedAt])) {
      await appendToChain(deps.orm.em.fork() as EntityManager, toDocument(r), unit.key);
      publishChange(deps);
    }
  };
  await appendPending(
    `select p.id, p.invoice_snapshot
       from payments p
      where p.invoice_number is not null and p.paid_at >= ?
        and not exists (select 1 from e_invoices e where e.payment_id = p.id and e.type = 'invoice')
      order by p.invoice_number limit 50`,
    (r) => invoiceDocument(unit, String(r.id), fromStoredInvoice(r.invoice_snapshot as StoredInvoice)),
  );
  await appendPending(
    `select r.id, r.payment_id, r.credit_note_snapshot, r.created_at, ${INVOICE_KIND_SQL}
       from refunds r
      where r.credit_note_number is not null and r.created_at >= ?
        and not exists (select 1 from e_invoices e where e.refund_id = r.id)
      order by r.credit_note_number limit 50`,
    (r) =>
      creditNoteDocument(
        unit,
        { id: String(r.id), paymentId: String(r.payment_id), invoiceKind: r.invoice_kind },
        fromStoredCreditNote(r.credit_note_snapshot as StoredCreditNote),
      ),
  );
  // The platform's commission invoices and credit notes to hosts, in the same chain (the notes after the invoices
  // they correct: an invoice and its note issued in one pass are signed in that order).
  await appendPending(
    `select c.id, c.snapshot from commission_invoices c
      where c.issued_at >= ? and not exists (select 1 from e_invoices e where e.commission_invoice_id = c.id)
      order by c.invoice_number limit 50`,
    (r) => commissionInvoiceDocument(unit, String(r.id), fromStoredCommissionInvoice(r.snapshot as StoredCommissionInvoice)),
  );
  await appendPending(
    `select cn.id, cn.snapshot, ${COMMISSION_INVOICE_KIND_SQL} from commission_credit_notes cn
      where cn.issued_at >= ? and not exists (select 1 from e_invoices e where e.commission_credit_note_id = cn.id)
      order by cn.credit_note_number limit 50`,
    (r) =>
      commissionCreditNoteDocument(
        unit,
        { id: String(r.id), invoiceKind: r.commission_invoice_kind },
        fromStoredCommissionCreditNote(r.snapshot as StoredCommissionCreditNote),
      ),
  );
}

/** Tells live admin screens that e-invoice statuses changed (they read the figures again, as admins). */
function publishChange(deps: Deps): void {
  deps.bus.publish(ZATCA_TOPICS.changed, { at: Date.now() });
}

/**
 * Sends the documents ZATCA has not answered yet, in chain order: standard ones for clearance, simplified ones for
 * reporting. ZATCA's verdict is stored with its messages; when ZATCA cannot be reached (or answers 5xx/429/401) the
 * pass stops there and throws, and the queue retries it with backoff, so no document overtakes an earlier one.
 */
async function submitPending(deps: Deps, unit: Active): Promise<void> {
  const em = deps.orm.em.fork() as EntityManager;
  const run = (q: string, p: unknown[]) => em.getConnection().execute<Row[]>(q, p);
  const api = client(deps);
  const pending = await run(
    `select id, hash, kind, xml from e_invoices where status = 'pending' and environment = ? order by icv limit 100`,
    [unit.environment],
  );
  for (const d of pending) {
    const doc = { uuid: String(d.id), hash: String(d.hash), xml: String(d.xml) };
    let r: SubmissionResult;
    try {
      r = d.kind === 'standard' ? await api.clear(unit.production, doc) : await api.report(unit.production, doc);
    } catch (err) {
      await run(`update e_invoices set attempts = attempts + 1, updated_at = now() where id = ?`, [d.id]);
      throw new Error(`ZATCA unreachable: ${(err as Error).message}`);
    }
    if (r.httpStatus >= 500 || r.httpStatus === 429 || r.httpStatus === 401) {
      await run(`update e_invoices set attempts = attempts + 1, updated_at = now() where id = ?`, [d.id]);
      throw new Error(`ZATCA answered HTTP ${r.httpStatus}${r.errors.length ? `: ${messagesText(r)}` : ''}`);
    }
    const accepted = r.httpStatus === 200 || r.httpStatus === 202;
    const status = !accepted ? 'rejected' : d.kind === 'standard' ? 'cleared' : r.warnings.length ? 'reported_with_warnings' : 'reported';
    await run(
      `update e_invoices set status = ?, zatca_messages = ?::jsonb, cleared_xml = ?, attempts = attempts + 1, submitted_at = now(), updated_at = now()
        where id = ?`,
      [status, JSON.stringify([...r.warnings, ...r.errors]), r.clearedXml, d.id],
    );
    publishChange(deps);
  }
}

/** The worker's pass (queue `zatca.pass`): nothing unless this server is onboarded for its ZATCA_ENV. */
export async function runZatcaPass(deps: Deps): Promise<void> {
  const unit = await activeUnit(deps.orm.em.fork() as EntityManager, deps);
  if (!unit) return;
  await issueMissing(deps, unit);
  await submitPending(deps, unit);
}
