/**
 * Notifications (issue #23): what happened that a person cares about, listed under the bell. The kinds, which of them
 * the notifications mail, and the bounds of each request.
 */
import { z } from 'zod';
import { pageQuerySchema } from './rules.js';

/** What happened: the client draws each kind's sentence (locales, notifications.kind). */
export type NotificationKind =
  // Hosts
  | 'listing_approved'
  | 'listing_rejected'
  | 'listing_changes_approved'
  | 'listing_changes_rejected'
  | 'booking_new'
  | 'booking_paid'
  | 'review_new'
  // Customers
  | 'booking_confirmed'
  | 'hold_expiring'
  | 'hold_expired'
  | 'refund_status'
  | 'review_reply'
  | 'inquiry_status'
  | 'service_booking_status'
  // Both sides
  | 'booking_cancelled'
  | 'message_new';

/**
 * The kinds whose mail the notifications send themselves (docs/decisions.md, "Notifications"). The others already have
 * a mail of their own (payment confirmation, refund notice, service-booking mails, the message digest), so a second
 * one would repeat it: they are not offered in the preferences.
 */
export const EMAILED_KINDS = [
  'listing_approved',
  'listing_rejected',
  'listing_changes_approved',
  'listing_changes_rejected',
  'booking_new',
  'booking_paid',
  'review_new',
  'hold_expiring',
  'hold_expired',
  'review_reply',
  'inquiry_status',
  'booking_cancelled',
] as const satisfies readonly NotificationKind[];

export const NOTIFICATION_LIMITS = {
  pageSizeDefault: 20,
  pageSizeMax: 50,
  /** Ids marked read in one request. */
  readIdsMax: 100,
  /** A hold's customer is reminded this long before it expires (holds last 15 minutes by default). */
  holdReminderMinutes: 5,
} as const;
const L = NOTIFICATION_LIMITS;

export const NOTIFICATION_MESSAGES = {
  readWhat: 'Give the ids of the notifications to mark read, or all: true',
  tooManyIds: `Mark at most ${L.readIdsMax} notifications read at once`,
  badId: 'Notification ids must be valid ids',
  unknownKind: 'Unknown notification kind',
  preferencesRequired: 'Give at least one preference',
} as const;
const M = NOTIFICATION_MESSAGES;

export const notificationPageSchema = pageQuerySchema(L.pageSizeDefault, L.pageSizeMax);

const uuid = z.string().uuid(M.badId);

export const notificationReadSchema = z
  .object({
    ids: z.array(uuid, { message: M.readWhat }).max(L.readIdsMax, M.tooManyIds).nullish(),
    all: z.boolean({ message: M.readWhat }).nullish(),
  })
  .strict()
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { message: M.readWhat });

export const notificationPreferencesSchema = z
  .object({
    email: z.record(z.string(), z.boolean({ message: M.unknownKind })),
  })
  .strict()
  .refine((v) => Object.keys(v.email).length > 0, { message: M.preferencesRequired })
  .refine((v) => Object.keys(v.email).every((k) => (EMAILED_KINDS as readonly string[]).includes(k)), { message: M.unknownKind });
