/**
 * Service bookings (spec section 3 "Service booking"): a customer books one of the business or legal services with a
 * preferred date, a contact number and requirements; an admin confirms it with a quote and a time, completes or
 * cancels it. The server parses with these schemas; the client imports the same module.
 */
import { z } from 'zod';
import { preferredTimeSchema, todayInRiyadh } from './public.rules.js';
import { MESSAGES as COMMON } from './rules.js';
import { noBidiControls } from './bidi.js';
import { UUID_RE } from './ids.js';
import { hasRealCalendarDay, isCalendarDay } from './dates.js';

export const SERVICE_BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;

/** What an admin may set with PUT /api/service-bookings/{id} (pending is where every booking starts). */
const SERVICE_BOOKING_ACTIONS = ['confirmed', 'completed', 'cancelled'] as const;

/** The legal services with their own page (/legal/{id}); their names are here because they are static text. */
export const LEGAL_SERVICES = {
  'corporate-law': { en: 'Corporate law', ar: 'قانون الشركات' },
  'contract-review': { en: 'Contract review', ar: 'مراجعة العقود' },
  compliance: { en: 'Compliance', ar: 'الامتثال' },
} as const;

export const SERVICE_BOOKING_LIMITS = {
  requirementsMax: 5000,
  reasonMax: 1000,
  /** A quote, SAR before VAT. */
  priceMax: 10_000_000,
  /** How far ahead a preferred date or a meeting may be. */
  maxDaysAhead: 365,
} as const;

export const SERVICE_BOOKING_MESSAGES = {
  loginRequired: 'Please log in to book a service',
  serviceNotFound: 'Service not found',
  dateRequired: 'Please choose a preferred date',
  invalidDate: 'Please enter a valid date',
  pastDate: 'Preferred date cannot be in the past',
  dateTooFar: 'Please choose a date within the next 12 months',
  invalidTime: 'Please enter a valid time',
  contactRequired: 'Please enter a contact number',
  invalidContact: 'Please enter a valid phone number (for example 05XXXXXXXX or +966 5X XXX XXXX)',
  requirementsRequired: 'Please describe your requirements',
  requirementsTooLong: `Requirements must be at most ${SERVICE_BOOKING_LIMITS.requirementsMax} characters`,
  bidiControls: COMMON.bidiControls,
  created: 'Service booking submitted! We will confirm it with a quote soon.',
  notFound: 'Service booking not found',
  invalidStatus: 'Please choose a valid status',
  priceRequired: 'Please enter a price to confirm the booking',
  invalidPrice: 'Please enter a valid price in SAR',
  priceTooHigh: `The price must be at most ${SERVICE_BOOKING_LIMITS.priceMax.toLocaleString('en-US')} SAR`,
  scheduledRequired: 'Please choose the meeting date and time',
  invalidScheduled: 'Please enter a valid meeting date and time',
  scheduledPast: 'The meeting time must be in the future',
  reasonRequired: 'Please give a reason for cancelling',
  reasonTooLong: `The reason must be at most ${SERVICE_BOOKING_LIMITS.reasonMax} characters`,
  cannotConfirm: 'Only a pending service booking can be confirmed',
  cannotComplete: 'Only a confirmed service booking can be marked completed',
  cannotCancel: 'This service booking can no longer be cancelled',
  advisorNotFound: 'Advisor not found',
  cannotAssign: 'Only a pending or confirmed service booking can get an advisor',
  nothingToChange: 'Please choose a status or an advisor',
  tooManyPending: 'You already have several service bookings awaiting confirmation. Please wait until we answer them.',
} as const;
const M = SERVICE_BOOKING_MESSAGES;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const daysAhead = (days: number, now = new Date()) => todayInRiyadh(new Date(now.getTime() + days * 86_400_000));

/**
 * A phone number people can be called on, normalised to E.164 (+9665XXXXXXXX). Saudi numbers as written locally
 * (05XXXXXXXX mobile, 011XXXXXXX landline), with the country code (+966 / 00966 / 966, with or without the leading 0),
 * and international numbers with their country code (+ or 00, 8–15 digits). Spaces, dots, dashes and brackets are
 * ignored. Anything else: null.
 */
export function normalizePhone(raw: string): string | null {
  const s = raw.trim().replace(/[\s().-]/g, '');
  if (!/^(\+|00)?\d+$/.test(s)) return null;
  const saudi = (national: string) => (/^(5\d{8}|1[1-7]\d{7})$/.test(national) ? `+966${national}` : null);
  const withCode = /^(?:\+|00)?966(\d+)$/.exec(s);
  if (withCode) return saudi(withCode[1].replace(/^0/, ''));
  if (/^0[15]/.test(s)) return saudi(s.slice(1));
  const intl = /^(?:\+|00)([1-9]\d{7,14})$/.exec(s);
  return intl ? `+${intl[1]}` : null;
}

export const contactNumberSchema = z
  .string({ error: M.contactRequired })
  .trim()
  .min(1, M.contactRequired)
  .max(32, M.invalidContact)
  .transform((v, ctx) => {
    const n = normalizePhone(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: M.invalidContact });
      return z.NEVER;
    }
    return n;
  });

export const serviceDateSchema = z
  .string({ error: M.dateRequired })
  .trim()
  .min(1, M.dateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.invalidDate)
  .refine(hasRealCalendarDay, M.invalidDate)
  .refine((s) => s >= todayInRiyadh(), M.pastDate)
  .refine((s) => s <= daysAhead(SERVICE_BOOKING_LIMITS.maxDaysAhead), M.dateTooFar);

/**
 * Booking a service (GraphQL `createServiceBooking`; POST /api/service-bookings names the fields in snake_case). The
 * first broken rule answers, at its field.
 */
export const createServiceBookingSchema = z.object({
  serviceId: z.string({ error: M.serviceNotFound }).trim().min(1, M.serviceNotFound).max(100, M.serviceNotFound),
  preferredDate: serviceDateSchema,
  preferredTime: preferredTimeSchema,
  contactNumber: contactNumberSchema,
  requirements: z
    .string({ error: M.requirementsRequired })
    .trim()
    .min(1, M.requirementsRequired)
    .max(SERVICE_BOOKING_LIMITS.requirementsMax, M.requirementsTooLong)
    .refine(noBidiControls, M.bidiControls),
  /** One of the advisors offered for the chosen slot; left out, the first one still free takes it. */
  advisorId: z.preprocess(blankToUndefined, z.string({ error: M.advisorNotFound }).regex(UUID_RE, M.advisorNotFound).optional()),
});

const DECIMAL = /^\d+(\.\d{1,2})?$/;
/** A quote in SAR (before VAT): > 0, at most two decimals; a number or a plain decimal string. */
const quoteSchema = z.union([z.number(), z.string().trim()], { error: M.invalidPrice }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : DECIMAL.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n) || n <= 0 || Math.abs(Math.round(n * 100) - n * 100) > 1e-6) {
    ctx.addIssue({ code: 'custom', message: M.invalidPrice });
    return z.NEVER;
  }
  if (n > SERVICE_BOOKING_LIMITS.priceMax) {
    ctx.addIssue({ code: 'custom', message: M.priceTooHigh });
    return z.NEVER;
  }
  return n;
});

/** An instant with its offset (2026-12-01T10:00:00+03:00 or …Z). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An admin's change (`updateServiceBooking`, PUT /api/service-bookings/{id}): what each target status needs is checked
 * by the service.
 */
export const updateServiceBookingSchema = z.object({
  /** Left out: only the advisor changes (advisorId then required). */
  status: z.preprocess(blankToUndefined, z.enum(SERVICE_BOOKING_ACTIONS, { error: M.invalidStatus }).optional()),
  advisorId: z.preprocess(blankToUndefined, z.string({ error: M.advisorNotFound }).regex(UUID_RE, M.advisorNotFound).optional()),
  price: z.preprocess(blankToUndefined, quoteSchema.optional()),
  scheduledAt: z.preprocess(
    blankToUndefined,
    z
      .string({ error: M.invalidScheduled })
      .trim()
      .regex(ISO_INSTANT, M.invalidScheduled)
      .transform((v, ctx) => {
        const d = new Date(v);
        // A day that does not exist (2027-02-30) is refused, not rolled over; the years as every other date's.
        if (Number.isNaN(d.getTime()) || !isCalendarDay(v.slice(0, 10))) {
          ctx.addIssue({ code: 'custom', message: M.invalidScheduled });
          return z.NEVER;
        }
        return d;
      })
      .optional(),
  ),
  reason: z.preprocess(
    blankToUndefined,
    z
      .string({ error: M.reasonRequired })
      .trim()
      .max(SERVICE_BOOKING_LIMITS.reasonMax, M.reasonTooLong)
      .refine(noBidiControls, M.bidiControls)
      .optional(),
  ),
});

/** The admin list's filter: ?status=&search= (status "all" or empty: every status). */
export const serviceBookingFilterSchema = z.object({
  status: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(SERVICE_BOOKING_STATUSES, { error: M.invalidStatus }).optional(),
  ),
  search: z.string().trim().max(200).optional().catch(undefined),
});

/** Spec section 4: Complete Payment shows only when the email is verified, the booking confirmed and payment pending. */
export const canCompletePayment = (b: { status: string; paymentStatus: string }, emailVerified: boolean) =>
  emailVerified && b.status === 'confirmed' && b.paymentStatus === 'pending';
