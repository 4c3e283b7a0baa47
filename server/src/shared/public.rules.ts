/**
 * Rules of the public site: inquiries, consultation requests, business services, newsletter unsubscribe.
 * The server parses with these schemas; the client imports the same module (`@shared/public.rules`).
 */
import { z } from 'zod';
import { hasRealCalendarDay, PLATFORM_TIME_ZONE } from './dates.js';
import { emailSchema, localeSchema, MESSAGES as COMMON } from './rules.js';
import { noBidiControls } from './bidi.js';

export const INQUIRY_LIMITS = {
  nameMax: 120,
  companyMax: 160,
  messageMax: 5000,
} as const;

const SERVICE_TYPES = ['resource-sharing', 'legal-consultancy'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

const INQUIRY_STATUSES = ['new', 'in_progress', 'resolved', 'closed'] as const;

export const PUBLIC_MESSAGES = {
  requiredFields: COMMON.requiredFields,
  invalidEmail: COMMON.invalidEmail,
  bidiControls: COMMON.bidiControls,
  dateTooFar: 'Please choose a date before the year 2101',
  invalidServiceType: 'Please choose a valid service type',
  pastDate: 'Preferred date cannot be in the past',
  invalidDate: 'Please enter a valid date',
  invalidTime: 'Please enter a valid time',
  invalidStatus: 'Please choose a valid status',
  inquiryNotFound: 'Inquiry not found',
  serviceNotFound: 'Service not found',
  inquirySubmitted: 'Inquiry submitted successfully! We will contact you soon.',
  consultationSubmitted: 'Consultation request submitted successfully! We will contact you soon.',
  nameTooLong: `Full name must be at most ${INQUIRY_LIMITS.nameMax} characters`,
  companyTooLong: `Company name must be at most ${INQUIRY_LIMITS.companyMax} characters`,
  messageTooLong: `Message must be at most ${INQUIRY_LIMITS.messageMax} characters`,
  tooManyInquiries: 'Too many requests. Please try again later.',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  unsubscribed: 'You have been unsubscribed from the newsletter.',
  confirmInvalid: 'This confirmation link is not valid',
  subscriptionConfirmed: 'Your newsletter subscription is confirmed.',
  tooManySubscriptions: 'Too many requests. Please try again later.',
} as const;

/** Today's date (YYYY-MM-DD) in Riyadh. Used by the server rule and as the date input's min in the browser. */
export function todayInRiyadh(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: PLATFORM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const requiredText = (max: number, tooLong: string) =>
  z.string({ error: PUBLIC_MESSAGES.requiredFields }).trim().min(1, PUBLIC_MESSAGES.requiredFields).max(max, tooLong);

const preferredDateSchema = z.preprocess(
  blankToNull,
  z
    .string({ error: PUBLIC_MESSAGES.invalidDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, PUBLIC_MESSAGES.invalidDate)
    .refine(hasRealCalendarDay, PUBLIC_MESSAGES.invalidDate)
    .refine((s) => s >= todayInRiyadh(), PUBLIC_MESSAGES.pastDate)
    .refine((s) => s <= '2100-12-31', PUBLIC_MESSAGES.dateTooFar)
    .nullish()
    .transform((v) => v ?? null),
);

export const preferredTimeSchema = z.preprocess(
  blankToNull,
  z
    .string({ error: PUBLIC_MESSAGES.invalidTime })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, PUBLIC_MESSAGES.invalidTime)
    .nullish()
    .transform((v) => v ?? null),
);

/**
 * An inquiry or consultation request (GraphQL `submitInquiry`; POST /api/inquiries names the fields in snake_case).
 * Required fields are checked before the email's shape.
 */
export const inquirySchema = z.object({
  serviceType: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'resource-sharing' : v),
    z.enum(SERVICE_TYPES, { error: PUBLIC_MESSAGES.invalidServiceType }),
  ),
  fullName: requiredText(INQUIRY_LIMITS.nameMax, PUBLIC_MESSAGES.nameTooLong).refine(noBidiControls, PUBLIC_MESSAGES.bidiControls),
  email: z.string({ error: PUBLIC_MESSAGES.requiredFields }).trim().min(1, PUBLIC_MESSAGES.requiredFields).pipe(emailSchema),
  companyName: z.preprocess(
    blankToNull,
    z
      .string({ error: PUBLIC_MESSAGES.requiredFields })
      .trim()
      .max(INQUIRY_LIMITS.companyMax, PUBLIC_MESSAGES.companyTooLong)
      .refine(noBidiControls, PUBLIC_MESSAGES.bidiControls)
      .nullish()
      .transform((v) => v || null),
  ),
  message: requiredText(INQUIRY_LIMITS.messageMax, PUBLIC_MESSAGES.messageTooLong),
  preferredDate: preferredDateSchema,
  preferredTime: preferredTimeSchema,
  locale: localeSchema,
});

export const inquiryStatusSchema = z.object({
  status: z.enum(INQUIRY_STATUSES, { error: PUBLIC_MESSAGES.invalidStatus }),
});

export const inquiryFilterSchema = z.object({
  status: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(INQUIRY_STATUSES, { error: PUBLIC_MESSAGES.invalidStatus }).optional(),
  ),
  search: z.string().trim().max(200).optional().catch(undefined),
});

/** POST /api/newsletter/subscribe (and subscribeNewsletter). */
export const newsletterSubscribeSchema = z.object({
  email: z.string({ error: COMMON.invalidEmail }).pipe(emailSchema),
  locale: localeSchema,
});

export const unsubscribeSchema = z.object({
  token: z
    .string({ error: PUBLIC_MESSAGES.unsubscribeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, PUBLIC_MESSAGES.unsubscribeInvalid),
});

export const confirmSubscriptionSchema = z.object({
  token: z
    .string({ error: PUBLIC_MESSAGES.confirmInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, PUBLIC_MESSAGES.confirmInvalid),
});
