/**
 * Paying out hosts (issue #24): a host's payout profile (MyFatoorah supplier), the platform's commission settings and
 * the earnings query. The client's payout form and admin settings import this module, so both refuse the same input
 * with the same message.
 */
import { z } from 'zod';
import { CATEGORIES } from './marketplace.rules.js';
import { pageQuerySchema } from './rules.js';
import { isCalendarDay } from './dates.js';
import { normalizePhone } from './service-bookings.rules.js';
import { BIDI_CONTROLS_MESSAGE, noBidiControls } from './bidi.js';

export const PAYOUT_LIMITS = {
  legalNameMax: 200,
  bankMax: 100,
  documentsMax: 3,
  documentMaxBytes: 5 * 1024 * 1024,
  documentNameMax: 200,
  /** Commission percentage: 0–100 with at most two decimals (stored as basis points). */
  percentMax: 100,
  /** Fixed fee per payment, SAR. */
  fixedMax: 10_000,
} as const;

/** The document kinds MyFatoorah's UploadSupplierDocument takes that a Saudi host has (its FileType numbers). */
export const PAYOUT_DOCUMENT_TYPES = { commercial_register: 20, bank_letter: 21, national_address: 30, other: 5 } as const;
export type PayoutDocumentType = keyof typeof PAYOUT_DOCUMENT_TYPES;
const PAYOUT_DOCUMENT_KINDS = Object.keys(PAYOUT_DOCUMENT_TYPES) as PayoutDocumentType[];

/** pending: sent to MyFatoorah, awaiting its KYC decision; none: never saved. */
export type SupplierStatus = 'none' | 'pending' | 'approved' | 'rejected';

export const PAYOUT_MESSAGES = {
  legalNameRequired: 'Please enter the legal name',
  crInvalid: 'Commercial registration number must be 10 digits',
  vatInvalid: 'VAT registration number must be 15 digits, starting and ending with 3',
  bankRequired: 'Please enter the bank name',
  mobileInvalid: 'Please enter a Saudi mobile number (for example 05XXXXXXXX or +966 5X XXX XXXX)',
  ibanInvalid: 'Please enter a valid Saudi IBAN (SA followed by 22 digits)',
  ibanChecksum: 'This IBAN is not valid: please check it for a typing mistake',
  tooLong: 'This value is too long',
  bidiControls: BIDI_CONTROLS_MESSAGE,
  tooManyDocuments: `You can attach at most ${PAYOUT_LIMITS.documentsMax} documents`,
  documentType: 'Document type must be commercial_register, bank_letter, national_address or other',
  documentInvalid: 'Documents must be PDF, JPEG or PNG files',
  documentTooLarge: 'Each document must be at most 5 MB',
  hostsOnly: 'Only hosts can set up payouts',
  supplierRefused: 'The payment gateway refused the payout profile',
  gatewayUnavailable: 'The payment gateway could not be reached. Please try again.',
  percentInvalid: 'Commission must be a percentage between 0 and 100, with at most two decimals',
  fixedInvalid: 'The fixed fee must be an amount in SAR between 0 and 10000, with at most two decimals',
  categoryInvalid: `Category must be one of: ${CATEGORIES.join(', ')}`,
  dateInvalid: 'Dates must be YYYY-MM-DD',
  rangeInvalid: 'The start date must not be after the end date',
  hostNotFound: 'Host not found',
  heldAmountInvalid: 'The amount must be a whole number of halalas above 0',
  heldNotApproved: "This host's payout profile is not approved yet",
  heldNothing: 'Nothing is held for this host',
  heldChanged: 'The held balance has changed: reload and try again',
  heldInFlight: "A payout of this host's held balance is already in progress",
  transferRefused: 'The payment gateway refused the transfer',
  transferUnconfirmed: 'The payment gateway did not confirm the transfer: check it in the MyFatoorah portal before paying this host again',
  transferNotFound: 'Transfer not found',
  resolveNotInFlight: 'Only a transfer still in progress can be resolved',
  resolveTooEarly: 'This transfer was sent less than 10 minutes ago: wait for MyFatoorah to answer before resolving it',
  resolveOutcome: 'Choose whether the transfer was not sent or was transferred',
  resolveReason: 'Please give the reason (what the MyFatoorah portal shows), at most 500 characters',
  resolveReference: "Enter MyFatoorah's reference of the transfer (its invoice id in the portal)",
} as const;
const M = PAYOUT_MESSAGES;

/**
 * A held-balance transfer MyFatoorah never answered stays `requested`; an admin may resolve it only this long after it
 * was sent: far beyond the gateway time-out (MYFATOORAH_TIMEOUT_MS, 20 s by default), so no answer can still arrive.
 */
export const HELD_RESOLVE_AFTER_MINUTES = 10;

/** Spaces and lower case are forgiven ("sa03 8000 …" as printed on a card); the stored form is compact upper case. */
export const compactIban = (v: string) => v.replace(/\s+/g, '').toUpperCase();

/** ISO 13616 / ISO 7064 mod-97: the country code and check digits moved to the end, letters as 10–35, remainder 1. */
export function ibanChecksumOk(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** A Saudi IBAN: SA + 2 check digits + 2-digit bank code + 18-digit account, with a valid mod-97 check. */
export const saudiIbanSchema = z
  .string({ error: M.ibanInvalid })
  .transform(compactIban)
  .refine((v) => /^SA\d{22}$/.test(v), M.ibanInvalid)
  .refine((v) => !/^SA\d{22}$/.test(v) || ibanChecksumOk(v), M.ibanChecksum);

/**
 * A Saudi mobile number, written as people do (05XXXXXXXX, +966 5X…, 00966…, spaces and dashes ignored): MyFatoorah
 * reaches the supplier on it. Stored in E.164 (+9665XXXXXXXX); sent to CreateSupplier in its local form.
 */
const saudiMobileSchema = z
  .string({ error: M.mobileInvalid })
  .trim()
  .max(32, M.mobileInvalid)
  .transform((v, ctx) => {
    const n = normalizePhone(v);
    if (!n || !/^\+9665\d{8}$/.test(n)) {
      ctx.addIssue({ code: 'custom', message: M.mobileInvalid });
      return z.NEVER;
    }
    return n;
  });

/** +9665XXXXXXXX as MyFatoorah's Mobile fields take it: the local 05XXXXXXXX. */
export const localSaudiMobile = (e164: string) => `0${e164.slice(4)}`;

const text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, M.tooLong).refine(noBidiControls, M.bidiControls);

const payoutDocumentSchema = z
  .object({
    type: z.enum(PAYOUT_DOCUMENT_KINDS as [PayoutDocumentType, ...PayoutDocumentType[]], { error: M.documentType }),
    name: z
      .string({ error: M.documentInvalid })
      .trim()
      .min(1, M.documentInvalid)
      .max(PAYOUT_LIMITS.documentNameMax, M.tooLong)
      .refine(noBidiControls, M.bidiControls),
    /** A base64 data URL; the bytes decide the real type. Or `upload`, not both. */
    dataUrl: z.string({ error: M.documentInvalid }).min(1, M.documentInvalid).optional(),
    /** The caller's upload (`POST /api/uploads/payout-documents`): `upload:payouts/<key>`. */
    upload: z
      .string({ error: M.documentInvalid })
      .regex(/^upload:payouts\/[0-9a-f-]{36}\.(pdf|jpg|png)$/, M.documentInvalid)
      .optional(),
  })
  .refine((d) => !d.dataUrl !== !d.upload, { message: M.documentInvalid, path: ['dataUrl'] });

/**
 * A host's payout profile (GraphQL `savePayoutAccount`; PUT /api/host/payout-account names the fields, the documents'
 * too, in snake_case). `documents` adds files; the ones already sent stay.
 */
export const payoutAccountSchema = z.object({
  legalName: text(PAYOUT_LIMITS.legalNameMax, M.legalNameRequired),
  commercialRegistration: z
    .string({ error: M.crInvalid })
    .trim()
    .refine((v) => /^\d{10}$/.test(v), M.crInvalid),
  vatNumber: z
    .string({ error: M.vatInvalid })
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || /^3\d{13}3$/.test(v), M.vatInvalid),
  mobile: saudiMobileSchema,
  bank: text(PAYOUT_LIMITS.bankMax, M.bankRequired),
  iban: saudiIbanSchema,
  documents: z
    .array(payoutDocumentSchema, { error: M.documentInvalid })
    .max(PAYOUT_LIMITS.documentsMax, M.tooManyDocuments)
    .nullish()
    .transform((v) => v ?? []),
});

/** A percentage with at most two decimals, 0–100. */
const percent = z
  .number({ error: M.percentInvalid })
  .min(0, M.percentInvalid)
  .max(PAYOUT_LIMITS.percentMax, M.percentInvalid)
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, M.percentInvalid);
const fixed = z
  .number({ error: M.fixedInvalid })
  .min(0, M.fixedInvalid)
  .max(PAYOUT_LIMITS.fixedMax, M.fixedInvalid)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, M.fixedInvalid);

const commissionRule = z.object({ commission_percent: percent, commission_fixed: fixed.nullish().transform((v) => v ?? 0) });

/** PUT /api/admin/settings/marketplace: the default commission and any per-category override. */
export const marketplaceSettingsSchema = z.object({
  commission_percent: percent,
  commission_fixed: fixed.nullish().transform((v) => v ?? 0),
  by_category: z
    .record(z.string(), commissionRule, { error: M.categoryInvalid })
    .nullish()
    .transform((v) => v ?? {})
    .refine((v) => Object.keys(v).every((k) => (CATEGORIES as readonly string[]).includes(k)), M.categoryInvalid),
});

export const MARKETPLACE_DEFAULTS = { commission_percent: 10, commission_fixed: 0, by_category: {} as Record<string, never> };

const ymd = z
  .string({ error: M.dateInvalid })
  .trim()
  .refine(isCalendarDay, M.dateInvalid)
  .nullish()
  .transform((v) => v || null);

/** Rows of the earnings list per page (`pageSize`; REST `page_size`): 25 unless asked, at most 100. */
export const EARNINGS_PAGE = { sizeDefault: 25, sizeMax: 100 } as const;

const earningsPage = pageQuerySchema(EARNINGS_PAGE.sizeDefault, EARNINGS_PAGE.sizeMax).shape;

/**
 * A host's earnings (GraphQL `hostEarnings`; GET /api/host/earnings?from=&to=&page=&page_size=): Riyadh calendar dates,
 * both included; pages from 1.
 */
export const earningsQuerySchema = z
  .object({ from: ymd, to: ymd, page: earningsPage.page, pageSize: earningsPage.pageSize })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: M.rangeInvalid, path: ['from'] });

/**
 * POST /api/admin/payouts/held/{hostId}: the held balance the admin saw (halalas). It must still be the host's whole
 * held balance, so a stale page or a second click pays nothing twice.
 */
export const heldPayoutSchema = z.object({
  amountHalalas: z
    .number({ error: M.heldAmountInvalid })
    .int(M.heldAmountInvalid)
    .min(1, M.heldAmountInvalid)
    .max(100_000_000_000, M.heldAmountInvalid),
});

/**
 * POST /api/admin/payouts/held-transfers/{id}/resolve: an admin's finding, from the MyFatoorah portal, about a transfer
 * that was never answered. `not_sent`: no transfer with its note exists there (the balance is held again);
 * `transferred`: it exists (its reference as shown there).
 */
export const heldResolveSchema = z
  .object({
    outcome: z.enum(['not_sent', 'transferred'], { error: M.resolveOutcome }),
    reason: z.string({ error: M.resolveReason }).trim().min(3, M.resolveReason).max(500, M.resolveReason),
    gatewayReference: z
      .string({ error: M.resolveReference })
      .trim()
      .max(100, M.resolveReference)
      .nullish()
      .transform((v) => v || null),
  })
  .refine((v) => v.outcome !== 'transferred' || v.gatewayReference !== null, { message: M.resolveReference, path: ['gatewayReference'] });
