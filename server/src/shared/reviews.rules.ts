/**
 * Reviews of listings, hosts' replies, admins' hiding, and hosts' private ratings of customers (issue #23). The
 * client imports this module too: the review dialog refuses what the server refuses, with the same message.
 */
import { z } from 'zod';
import { numberInput, pageQuerySchema } from './rules.js';
import { noBidiControls } from './bidi.js';

export const REVIEW_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  commentMin: 10,
  commentMax: 2000,
  replyMax: 2000,
  hideReasonMax: 500,
  noteMax: 1000,
  pageSizeMax: 50,
  pageSizeDefault: 10,
} as const;
const L = REVIEW_LIMITS;

export const REVIEW_MESSAGES = {
  ratingRange: 'Please choose a rating from 1 to 5 stars',
  commentTooShort: `Please write at least ${L.commentMin} characters about your experience`,
  commentTooLong: `A review can be at most ${L.commentMax} characters`,
  replyRequired: 'Please write your reply',
  replyTooLong: `A reply can be at most ${L.replyMax} characters`,
  reasonRequired: 'Please give a reason for hiding this review',
  reasonTooLong: `The reason can be at most ${L.hideReasonMax} characters`,
  noteTooLong: `The note can be at most ${L.noteMax} characters`,
  textDirectionControls: 'Reviews and replies cannot contain text-direction control characters',
  bookingNotFound: 'Booking not found',
  reviewNotFound: 'Review not found',
  notReviewable: 'You can review a booking once it is completed (a digital purchase once it is paid)',
  alreadyReviewed: 'You have already reviewed this booking',
  alreadyReplied: 'This review already has a reply',
  alreadyHidden: 'This review is already hidden',
  notHidden: 'This review is not hidden',
  notRateable: 'You can rate a customer once their booking is completed',
  alreadyRated: 'You have already rated this customer for this booking',
  onlyCustomer: "Only the booking's customer can review it",
  onlyHost: "Only the listing's host can answer its reviews",
  onlyHostRates: "Only the listing's host can rate its customer",
  onlyHostsSee: 'Only hosts see how customers were rated',
} as const;
const M = REVIEW_MESSAGES;

// A number, or digits in a string; never a boolean (z.coerce stored `true` as a 1-star rating).
const rating = numberInput(
  z.number({ error: M.ratingRange }).int(M.ratingRange).min(L.ratingMin, M.ratingRange).max(L.ratingMax, M.ratingRange),
);

/** Free text: trimmed, bounded, and without bidi embedding/override/isolate controls (they reorder what is shown). */
const text = (min: number, max: number, short: string, long: string) =>
  z.string({ error: short }).trim().min(min, short).max(max, long).refine(noBidiControls, M.textDirectionControls);

export const createReviewSchema = z.object({
  rating,
  comment: text(L.commentMin, L.commentMax, M.commentTooShort, M.commentTooLong),
});

export const replySchema = z.object({ text: text(1, L.replyMax, M.replyRequired, M.replyTooLong) });

export const hideReviewSchema = z.object({ reason: text(1, L.hideReasonMax, M.reasonRequired, M.reasonTooLong) });

export const customerRatingSchema = z.object({
  rating,
  note: z
    .string({ error: M.noteTooLong })
    .trim()
    .max(L.noteMax, M.noteTooLong)
    .refine(noBidiControls, M.textDirectionControls)
    .nullish()
    .transform((v) => v || null),
});

export const reviewPageSchema = pageQuerySchema(L.pageSizeDefault, L.pageSizeMax);

/**
 * Whether a booking can be reviewed by its customer (and its customer rated by the host): once it is completed; a
 * digital purchase once it is paid (the file is theirs at once), unless it was cancelled or refunded.
 */
export function isReviewable(b: { status: string; paymentStatus: string; resourceType: string }): boolean {
  if (b.status === 'completed') return true;
  return b.resourceType === 'digital' && b.paymentStatus === 'paid' && b.status !== 'cancelled';
}
