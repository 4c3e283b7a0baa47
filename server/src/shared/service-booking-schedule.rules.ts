/**
 * What a customer may do with their own service booking before the meeting (issue #22): cancel it or ask for another
 * date, until 24 hours before the meeting. The server parses with these schemas; the client imports the same module
 * to show or hide the buttons.
 */
import { z } from 'zod';
import { preferredTimeSchema } from './public.rules.js';
import { noBidiControls } from './bidi.js';
import {
  contactNumberSchema,
  SERVICE_BOOKING_LIMITS,
  SERVICE_BOOKING_MESSAGES as SB,
  serviceDateSchema,
} from './service-bookings.rules.js';

/**
 * What a legal consultation request (/legal/legal-consultation) becomes when an admin turns it into a booking. It is
 * not one of the services a customer books from a page, so it is not in LEGAL_SERVICES.
 */
export const LEGAL_CONSULTATION = { id: 'legal-consultation', en: 'Legal consultation', ar: 'استشارة قانونية' } as const;

/** Cancelling or rescheduling closes this long before the meeting. */
const CUSTOMER_CHANGE_CUTOFF_MS = 24 * 3_600_000;

export const SERVICE_BOOKING_SCHEDULE_MESSAGES = {
  tooLate: 'Service bookings can only be cancelled or rescheduled until 24 hours before the meeting',
  closed: 'This service booking is already completed or cancelled',
  paidCancel: 'This service booking is already paid. Please contact support to cancel it.',
  paidReschedule: 'This service booking is already paid. Please contact support to change its date.',
  notConsultation: 'Only a legal consultation request can become a service booking',
  senderNotRegistered: 'The sender of this request has no account with this email. Ask them to register first.',
  alreadyConverted: 'This request has already been turned into a service booking',
  senderInactive: "The sender's account is not active",
} as const;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** The customer's cancel (`cancelMyServiceBooking`, POST /api/service-bookings/{id}/cancel): an optional reason. */
export const customerCancelSchema = z.object({
  reason: z.preprocess(
    blankToUndefined,
    z
      .string({ error: SB.reasonRequired })
      .trim()
      .max(SERVICE_BOOKING_LIMITS.reasonMax, SB.reasonTooLong)
      .refine(noBidiControls, SB.bidiControls)
      .optional(),
  ),
});

/**
 * The customer's reschedule (`rescheduleServiceBooking`; PUT /api/service-bookings/{id}/reschedule names the fields in
 * snake_case): the new preferred date (required) and time (optional), Riyadh.
 */
export const rescheduleSchema = z.object({
  preferredDate: serviceDateSchema,
  preferredTime: preferredTimeSchema,
});

/**
 * An admin turning a consultation request into a booking (`createServiceBookingFromInquiry`; POST
 * /api/inquiries/{id}/service-booking names the fields in snake_case): what the request itself does not carry.
 */
export const convertInquirySchema = z.object({
  contactNumber: z.preprocess(blankToUndefined, contactNumberSchema.optional()),
  preferredDate: z.preprocess(blankToUndefined, serviceDateSchema.optional()),
  preferredTime: preferredTimeSchema,
});

/**
 * When the meeting is: the confirmed time, else the customer's preferred date and time in Riyadh (UTC+3 all year);
 * a preferred date without a time counts from the start of that day, so the 24-hour rule never runs later than meant.
 */
export function meetingInstant(b: { scheduledAt: Date | string | null; preferredDate: string; preferredTime: string | null }): Date {
  if (b.scheduledAt) return new Date(b.scheduledAt);
  return new Date(`${b.preferredDate}T${b.preferredTime ?? '00:00'}:00+03:00`);
}

/** Until when the customer may cancel or reschedule (24 hours before the meeting). */
export const customerChangeDeadline = (b: Parameters<typeof meetingInstant>[0]) =>
  new Date(meetingInstant(b).getTime() - CUSTOMER_CHANGE_CUTOFF_MS);

/** Whether the customer still may cancel or reschedule: open, unpaid, and more than 24 hours before the meeting. */
export const customerCanChange = (
  b: Parameters<typeof meetingInstant>[0] & { status: string; paymentStatus: string },
  now: Date = new Date(),
) =>
  (b.status === 'pending' || b.status === 'confirmed') && b.paymentStatus !== 'paid' && now.getTime() < customerChangeDeadline(b).getTime();
