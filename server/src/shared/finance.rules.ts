/**
 * The admins' finance console (issue #24): the filters of the payments list and the date range of the exports. The
 * server parses with these schemas; the client imports the same lists and messages.
 */
import { z } from 'zod';
import { isUuid } from './ids.js';
import { isCalendarDay } from './dates.js';

export const FINANCE_PAYMENT_STATUSES = ['initiated', 'processing', 'paid', 'failed', 'duplicate', 'refund_due'] as const;
export const FINANCE_METHODS = ['card', 'gateway'] as const;
export const FINANCE_REFUND_STATUSES = ['none', 'requested', 'refunded', 'failed'] as const;
export type FinancePaymentStatus = (typeof FINANCE_PAYMENT_STATUSES)[number];
export type FinanceMethod = (typeof FINANCE_METHODS)[number];
export const FINANCE_REPORTS = ['payments', 'refunds', 'payouts', 'vat'] as const;
export type FinanceReport = (typeof FINANCE_REPORTS)[number];
export const FINANCE_FORMATS = ['csv', 'xlsx'] as const;
export type FinanceFormat = (typeof FINANCE_FORMATS)[number];
/** Rows per page of the payments list. */
export const FINANCE_PAGE_SIZE = 25;
export const FINANCE_LIMITS = { searchMax: 100, pageMax: 10_000 } as const;

export const FINANCE_MESSAGES = {
  statusInvalid: 'Status must be initiated, processing, paid, failed, duplicate or refund_due',
  methodInvalid: 'Method must be card or gateway',
  refundStatusInvalid: 'Refund status must be none, requested, refunded or failed',
  dateInvalid: 'Dates must be YYYY-MM-DD',
  rangeInvalid: 'The start date must not be after the end date',
  hostInvalid: 'Host must be a user id',
  searchTooLong: `Search must be at most ${FINANCE_LIMITS.searchMax} characters`,
  pageInvalid: 'Page must be a whole number from 1',
  paymentNotFound: 'Payment not found',
  refundNotFound: 'Refund not found',
  refundNotFailed: 'Only a failed refund can be retried',
  reportNotFound: 'Exports are payments, refunds, payouts or vat, as csv or xlsx',
} as const;
const M = FINANCE_MESSAGES;

/** A query parameter given once, as text; empty means "not given". */
const text = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((v) => v || null);

const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  text(message).refine((v) => v === null || (values as readonly string[]).includes(v), message) as unknown as z.ZodType<
    T[number] | null,
    unknown
  >;

const ymd = text(M.dateInvalid).refine((v) => v === null || isCalendarDay(v), M.dateInvalid);

const range = { from: ymd, to: ymd };
const ordered = (v: { from: string | null; to: string | null }) => !v.from || !v.to || v.from <= v.to;

/**
 * Admin › Payments' filter (GraphQL `adminPayments`; GET /api/admin/payments?status=&method=&refund_status=&from=&to=
 * &host_id=&q=&page=): dates are Riyadh calendar dates, both included.
 */
export const financePaymentsQuerySchema = z
  .object({
    status: oneOf(FINANCE_PAYMENT_STATUSES, M.statusInvalid),
    method: oneOf(FINANCE_METHODS, M.methodInvalid),
    refundStatus: oneOf(FINANCE_REFUND_STATUSES, M.refundStatusInvalid),
    ...range,
    hostId: text(M.hostInvalid).refine((v) => v === null || isUuid(v), M.hostInvalid),
    q: text(M.searchTooLong).refine((v) => v === null || v.length <= FINANCE_LIMITS.searchMax, M.searchTooLong),
    page: z
      .union([z.string(), z.number()], { error: M.pageInvalid })
      .nullish()
      .transform((v) => (v === null || v === undefined || v === '' ? 1 : Number(v)))
      .refine((v) => Number.isInteger(v) && v >= 1 && v <= FINANCE_LIMITS.pageMax, M.pageInvalid),
  })
  .refine(ordered, { message: M.rangeInvalid, path: ['from'] });
export type FinancePaymentsQuery = z.output<typeof financePaymentsQuerySchema>;

/** GET /api/admin/exports/{report}.{format}?from=&to= (Riyadh dates, both included). */
export const financeExportQuerySchema = z.object(range).refine(ordered, { message: M.rangeInvalid, path: ['from'] });
