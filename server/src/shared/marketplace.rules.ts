/**
 * Marketplace rules and limits (spec sections 5 and 9): listings, bookings, downloads.
 * The server parses every input with these schemas; the client imports the same module (`@shared/marketplace.rules`)
 * so both sides say the same message.
 */
import { toHalalas, toSar } from './money.js';
import { BIDI_CONTROLS_MESSAGE, noBidiControls } from './rules.js';
import { z } from 'zod';
import { RIYADH_OFFSET_MS } from './dates.js';
import { cancellationPolicySchema } from './refunds.rules.js';
import { boundedDay } from './availability.rules.js';

export const CATEGORIES = ['Office Space', 'Equipment', 'Human Resources', 'Vehicles'] as const;
export const PERIODS = ['hour', 'day', 'week', 'month'] as const;
/** `withdrawn`: hidden because its host may no longer list (demoted); it returns if they are made a host again. */
export const RESOURCE_STATUSES = ['pending', 'active', 'rejected', 'draft', 'withdrawn'] as const;
const RESOURCE_TYPES = ['physical', 'digital'] as const;
export const BOOKING_STATUSES = ['pending', 'confirmed', 'active', 'completed', 'cancelled'] as const;
/** Formats a digital resource may have; the server checks the file's first bytes against the format. */
export const FILE_FORMATS = ['pdf', 'zip', 'docx', 'xlsx', 'pptx', 'csv', 'txt'] as const;
export const SORTS = ['newest', 'price_asc', 'price_desc', 'popular'] as const;

export type Category = (typeof CATEGORIES)[number];
export type Period = (typeof PERIODS)[number];
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'refunded';
export type FileFormat = (typeof FILE_FORMATS)[number];

export const MARKET_LIMITS = {
  titleMax: 100,
  descriptionMax: 1000,
  locationMax: 200,
  maxImages: 5,
  imageMaxBytes: 5 * 1024 * 1024, // 5242880 (spec section 9)
  fileMaxBytes: 10 * 1024 * 1024,
  /**
   * Per period, before VAT. The largest booking total is priceMax × the most periods a booking can span (hourly over
   * bookingMaxDays: 8,784) × 1.15 VAT = 9,091,584,000 SAR, inside the amount columns' numeric(12,2)
   * (totalMax) and, in halalas, far inside Number.MAX_SAFE_INTEGER (a test checks both).
   */
  priceMax: 900_000,
  /** The amount columns are numeric(12,2): the largest amount they hold, in SAR. */
  totalMax: 9_999_999_999.99,
  /** The longest booking. */
  bookingMaxDays: 366,
  /** Dates are accepted from the start of this year to the end of the next limit (Riyadh time). */
  yearMin: 2000,
  yearMax: 2100,
  tagsMax: 10,
  tagMax: 40,
  reasonMax: 500,
  pageSizeMax: 50,
  pageSizeDefault: 12,
  searchMax: 100,
  /** Unpaid pending bookings one user may hold at once (holds block dates for others). */
  maxUnpaidHolds: 5,
} as const;

/** Booking lengths used for pricing: a started period counts whole. A month is 30 days. */
export const PERIOD_MS: Record<Period, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
};

export const MARKET_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  pricePositive: 'Price must be greater than 0',
  priceDecimals: 'Price can have at most 2 decimal places',
  priceTooHigh: 'Price can be at most 900,000 SAR per period',
  priceInvalid: 'Price must be a number, such as 150 or 99.50',
  totalTooHigh: "This booking's total is too high. Please choose fewer dates.",
  dateOutOfRange: 'Dates must be between the years 2000 and 2100',
  bidiControls: BIDI_CONTROLS_MESSAGE,
  titleTooLong: `Title must be at most ${MARKET_LIMITS.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${MARKET_LIMITS.descriptionMax} characters`,
  locationTooLong: `Location must be at most ${MARKET_LIMITS.locationMax} characters`,
  invalidCategory: `Category must be one of: ${CATEGORIES.join(', ')}`,
  invalidPeriod: `Pricing period must be one of: ${PERIODS.join(', ')}`,
  maxImages: 'Maximum 5 images allowed',
  imageTooLarge: (file: string) => `${file} is too large. Max size is 5MB`,
  invalidImage: (file: string) => `${file} is not a supported image (JPEG, PNG, WebP or GIF)`,
  fileRequired: 'Please attach the file of a digital resource',
  invalidFile: 'The file does not match its format',
  fileTooLarge: 'The file is too large. Max size is 10MB',
  invalidFileFormat: `File format must be one of: ${FILE_FORMATS.join(', ')}`,
  resourceNotFound: 'Resource not found',
  notPending: 'Only pending resources can be approved or rejected',
  reasonNotText: 'The reason must be text',
  reasonTooLong: `Reason must be at most ${MARKET_LIMITS.reasonMax} characters`,
  onlyActiveEditable: 'Only active resources can be edited',
  noPendingChanges: 'This listing has no changes awaiting review',
  reviewChangesFirst: "Approve or reject the host's changes awaiting review before editing this listing",
  hasUpcomingBookings: 'This resource has upcoming paid or confirmed bookings and cannot be deleted. Cancel or complete them first.',
  hostRequired: 'You need to be a host/seller to list resources',
  loginToBook: 'Please login to book resources',
  loginToDownload: 'Please login to download resources',
  selectDates: 'Please select start and end dates',
  invalidDate: 'Please enter a valid date',
  startInPast: 'Start date cannot be in the past',
  endBeforeStart: 'End date must be after start date',
  tooLong: 'Bookings can be at most one year long',
  notBookable: 'This resource is not available for booking',
  alreadyBooked: 'These dates are already booked. Please choose other dates.',
  bookingNotFound: 'Booking not found',
  cannotCancel: 'Only pending or confirmed bookings can be cancelled',
  notDigital: 'This resource has no file to download',
  downloadForbidden: 'Book and pay for this resource to download it',
  downloadLinkInvalid: 'This download link is invalid or has expired',
  ownBooking: 'You cannot book your own resource',
  tooManyHolds: 'You have too many unpaid bookings. Pay for or cancel one before booking again.',
} as const;

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
  cancellation_policy: cancellationPolicySchema.nullish(),
};

export const createResourceSchema = z
  .object({
    ...resourceFields,
    resource_type: z
      .enum(RESOURCE_TYPES, { error: 'Resource type must be physical or digital' })
      .nullish()
      .transform((v) => v ?? 'physical'),
    file: z.string().min(1).nullish(),
    file_name: z.string().trim().max(200).refine(noBidiControls, M.bidiControls).nullish(),
    file_format: z.enum(FILE_FORMATS, { error: M.invalidFileFormat }).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.resource_type === 'digital' && (!v.file || !v.file_format))
      ctx.addIssue({ code: 'custom', message: M.fileRequired, path: ['file'] });
  });

export const updateResourceSchema = z.object(resourceFields);

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
  page: z.coerce
    .number()
    .int()
    .min(1)
    .nullish()
    .catch(1)
    .transform((v) => v ?? 1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(L.pageSizeMax)
    .nullish()
    .catch(L.pageSizeDefault)
    .transform((v) => v ?? L.pageSizeDefault),
  /** Only listings free for these whole Riyadh days (both or neither; checked with `availableRangeSchema`). */
  available_from: z.preprocess((v) => (v === '' || v === null ? undefined : v), boundedDay.optional()),
  available_to: z.preprocess((v) => (v === '' || v === null ? undefined : v), boundedDay.optional()),
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

const dateSchema = z.union([z.string().trim().min(1, M.selectDates), z.date()], { error: M.selectDates }).transform((v, ctx) => {
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) {
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

export const createBookingSchema = z.object({
  resource_id: z.uuid({ error: M.resourceNotFound }),
  start_date: dateSchema.nullish(),
  end_date: dateSchema.nullish(),
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
