/**
 * Marketplace rules and limits (spec sections 5 and 9): listings, bookings, downloads.
 * The server parses every input with these schemas; the client imports the same module (`@shared/marketplace.rules`)
 * so both sides say the same message.
 */
import { toHalalas, toSar } from './money.js';
import { noBidiControls } from './bidi.js';
import { z } from 'zod';
import { numberInput } from './rules.js';
import { hasRealCalendarDay, RIYADH_OFFSET_MS } from './dates.js';
import { cancellationPolicySchema } from './refunds.rules.js';
import { boundedDay } from './availability.rules.js';
import {
  CATEGORIES,
  PERIODS,
  RESOURCE_STATUSES,
  RESOURCE_TYPES,
  FILE_FORMATS,
  SORTS,
  MARKET_LIMITS,
  PERIOD_MS,
  MARKET_MESSAGES,
} from './marketplace.messages.js';
import type { Period } from './marketplace.messages.js';

// The limits, values and messages live in a zod-free module (the client's first page reads the messages).
export {
  CATEGORIES,
  PERIODS,
  RESOURCE_STATUSES,
  BOOKING_STATUSES,
  FILE_FORMATS,
  SORTS,
  MARKET_LIMITS,
  PERIOD_MS,
  MARKET_MESSAGES,
} from './marketplace.messages.js';
export type { Category, Period, ResourceStatus, BookingStatus, PaymentStatus, ResourceType, FileFormat } from './marketplace.messages.js';

const M = MARKET_MESSAGES;
const L = MARKET_LIMITS;

const requiredText = (max: number, tooLong: string) =>
  z.string({ error: M.requiredFields }).trim().min(1, M.requiredFields).max(max, tooLong);

/** A decimal number as people write it. `Number()` alone also reads "0x10" (16), "1e3", "0b11" and "Infinity". */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Price in SAR: > 0, at most 2 decimals, at most priceMax. Accepts a number or a plain decimal string. */
export const priceSchema = z
  .union([z.number(), z.string().trim().min(1, M.requiredFields)], { error: M.requiredFields })
  .transform((v, ctx) => {
    if (typeof v === 'string' && !DECIMAL.test(v)) {
      ctx.addIssue({ code: 'custom', message: M.priceInvalid });
      return z.NEVER;
    }
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: M.priceInvalid });
      return z.NEVER;
    }
    return n;
  })
  // In halalas: a positive price below one halala (5e-324) would be stored as 0.00, which the table refuses.
  .refine((n) => Math.round(n * 100) > 0, M.pricePositive)
  .refine((n) => n <= L.priceMax, M.priceTooHigh)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, M.priceDecimals);

const categorySchema = z.enum(CATEGORIES, { error: M.invalidCategory });
const periodSchema = z.enum(PERIODS, { error: M.invalidPeriod });

const tagsSchema = z
  .array(z.string().trim().min(1).max(L.tagMax), { error: 'Tags must be a list of words' })
  .max(L.tagsMax, `At most ${L.tagsMax} tags`)
  .nullish()
  .transform((v) => [...new Set(v ?? [])]);

/** An image as the client sends it: a data URL (checked by the server), or the URL of an image the listing already has. */
const imageSchema = z.string({ error: 'Images must be data URLs' }).min(1);

const resourceFields = {
  title: requiredText(L.titleMax, M.titleTooLong).refine(noBidiControls, M.bidiControls),
  description: requiredText(L.descriptionMax, M.descriptionTooLong),
  category: categorySchema,
  price: priceSchema,
  period: periodSchema,
  location: requiredText(L.locationMax, M.locationTooLong),
  images: z
    .array(imageSchema, { error: 'Images must be a list' })
    .max(L.maxImages, M.maxImages)
    .nullish()
    .transform((v) => v ?? []),
  tags: tagsSchema,
  /** Absent on an edit: the listing keeps its policy (a create without one gets none). */
  cancellationPolicy: cancellationPolicySchema.nullish(),
};

/** Listing a resource (GraphQL `createResource`; POST /api/resources names the fields in snake_case). */
export const createResourceSchema = z
  .object({
    ...resourceFields,
    resourceType: z
      .enum(RESOURCE_TYPES, { error: 'Resource type must be physical or digital' })
      .nullish()
      .transform((v) => v ?? 'physical'),
    file: z.string().min(1).nullish(),
    fileName: z.string().trim().max(200).refine(noBidiControls, M.bidiControls).nullish(),
    fileFormat: z.enum(FILE_FORMATS, { error: M.invalidFileFormat }).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.resourceType === 'digital' && (!v.file || !v.fileFormat))
      ctx.addIssue({ code: 'custom', message: M.fileRequired, path: ['file'] });
  });

/** Editing a listing (`updateResource`, PUT /api/resources/{id}). */
export const updateResourceSchema = z.object(resourceFields);

/** The marketplace's filter (GraphQL `resources`; GET /api/resources names it in snake_case, e.g. `page_size`). */
export const listResourcesSchema = z.object({
  category: z
    .union([z.literal('all'), categorySchema])
    .nullish()
    .transform((v) => (v && v !== 'all' ? v : undefined)),
  search: z
    .string()
    .trim()
    .max(L.searchMax)
    .nullish()
    .transform((v) => v || undefined),
  sort: z
    .enum(SORTS)
    .nullish()
    .catch('newest')
    .transform((v) => v ?? 'newest'),
  page: numberInput(z.number().int().min(1))
    .nullish()
    .catch(1)
    .transform((v) => v ?? 1),
  pageSize: numberInput(z.number().int().min(1).max(L.pageSizeMax))
    .nullish()
    .catch(L.pageSizeDefault)
    .transform((v) => v ?? L.pageSizeDefault),
  /** Only listings free for these whole Riyadh days (both or neither; checked with `availableRangeSchema`). */
  availableFrom: z.preprocess((v) => (v === '' || v === null ? undefined : v), boundedDay.optional()),
  availableTo: z.preprocess((v) => (v === '' || v === null ? undefined : v), boundedDay.optional()),
});

export const adminListSchema = listResourcesSchema.extend({
  status: z
    .union([z.literal('all'), z.enum(RESOURCE_STATUSES)])
    .nullish()
    .transform((v) => (v && v !== 'all' ? v : undefined)),
});

/**
 * The spec calls `PUT /admin/resources/{id}/reject` with no body, so the reason is optional here (none, blank or
 * null is stored as no reason); the admin dialog still asks for one, since the host sees it on My resources.
 */
export const rejectSchema = z.object({
  reason: z
    .string({ error: M.reasonNotText })
    .trim()
    .max(L.reasonMax, M.reasonTooLong)
    .nullish()
    .transform((v) => v || null),
});

/** The accepted instants: the start of yearMin to the end of yearMax, Riyadh time. */
const DATE_RANGE = {
  from: Date.UTC(L.yearMin, 0, 1) - RIYADH_OFFSET_MS,
  to: Date.UTC(L.yearMax + 1, 0, 1) - RIYADH_OFFSET_MS,
} as const;

/** ISO 8601 day or instant, the expanded (±YYYYYY) years included so that they reach the range check. */
const ISO_DAY_OR_INSTANT = /^[+-]?\d{4,6}-\d{2}-\d{2}(?:$|T)/;

const dateSchema = z.union([z.string().trim().min(1, M.selectDates), z.date()], { error: M.selectDates }).transform((v, ctx) => {
  const d = v instanceof Date ? v : new Date(v);
  // A written day that does not exist (2026-02-30) is refused, not rolled over into the next month; and only ISO
  // dates are read (2026/02/30 or 2026-2-30 would be rolled over by the engine's own date reading, in server time).
  if (Number.isNaN(d.getTime()) || (typeof v === 'string' && (!ISO_DAY_OR_INSTANT.test(v) || !hasRealCalendarDay(v)))) {
    ctx.addIssue({ code: 'custom', message: M.invalidDate });
    return z.NEVER;
  }
  // JavaScript reads years up to 275760; the database and the pricing have no use for them.
  if (d.getTime() < DATE_RANGE.from || d.getTime() >= DATE_RANGE.to) {
    ctx.addIssue({ code: 'custom', message: M.dateOutOfRange });
    return z.NEVER;
  }
  return d;
});

/** Booking a listing (GraphQL `createBooking`, POST /api/bookings with the same fields in snake_case). */
export const createBookingSchema = z.object({
  resourceId: z.uuid({ error: M.resourceNotFound }),
  startDate: dateSchema.nullish(),
  endDate: dateSchema.nullish(),
});

/** Start of today in Saudi Arabia, as an instant. */
export function startOfRiyadhDay(now: Date = new Date()): Date {
  const shifted = now.getTime() + RIYADH_OFFSET_MS;
  return new Date(shifted - (shifted % 86_400_000) - RIYADH_OFFSET_MS);
}

/** Number of whole periods a range spans; a started period counts whole. */
export function periodsBetween(start: Date, end: Date, period: Period): number {
  return Math.max(1, Math.ceil((end.getTime() - start.getTime()) / PERIOD_MS[period]));
}

/** price × periods in SAR, computed in halalas (the shared rounding) so no binary fraction leaks into the total. */
export function bookingTotal(price: number, periods: number): number {
  return toSar(toHalalas(price) * periods);
}

/** An ISO instant for a calendar date (YYYY-MM-DD) or local date-time (YYYY-MM-DDTHH:mm) read in Riyadh time. */
export function riyadhInstant(value: string): string {
  return value.length <= 10 ? `${value}T00:00:00+03:00` : `${value.slice(0, 16)}:00+03:00`;
}
