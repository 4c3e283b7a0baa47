/**
 * Rules of customer–host messages (issue #23). The server parses with these schemas; the client imports the same
 * module (`@shared/messages.rules`), so the composer refuses what the server refuses, with the same message.
 */
import { z } from 'zod';
import { numberInput } from './rules.js';
import { noBidiControls } from './bidi.js';

export const MESSAGE_LIMITS = {
  /** Characters of one message, after trimming: a long question fits, a pasted document does not. */
  bodyMax: 2000,
  /** Messages one account may send per minute (starting a conversation counts as one). */
  sendsPerMinute: 20,
  /** Conversations one account may start per hour (each one reaches a host who has never heard from them). */
  startsPerHour: 10,
  /** Page size of the lists. */
  pageDefault: 50,
  pageMax: 100,
} as const;

export const MESSAGE_MESSAGES = {
  bodyRequired: 'Please write a message',
  bodyTooLong: `A message must be at most ${MESSAGE_LIMITS.bodyMax} characters`,
  bodyBidi: 'Messages cannot contain text-direction control characters',
  conversationNotFound: 'Conversation not found',
  resourceNotFound: 'Resource not found',
  bookingNotFound: 'Booking not found',
  ownListing: 'You cannot message yourself about your own listing',
  recipientGone: 'This conversation is closed: the other account no longer exists',
  adminReadOnly: 'Admins can read conversations for moderation but cannot write in them',
  tooManyMessages: 'You are sending messages too quickly. Please wait a moment.',
  tooManyConversations: 'You have started too many conversations. Please try again later.',
} as const;

const M = MESSAGE_MESSAGES;

/** What a deleted account's messages read once erased (the client shows "Message deleted" in the reader's language). */
export const DELETED_MESSAGE_BODY = '[deleted]';

/**
 * One message's text: trimmed, not empty or whitespace only, at most `bodyMax` characters, no bidi embedding,
 * override or isolate controls (they reorder what the other side reads; the marks U+200E/U+200F stay allowed).
 */
const messageBodySchema = z
  .string({ error: M.bodyRequired })
  .trim()
  .min(1, M.bodyRequired)
  .max(MESSAGE_LIMITS.bodyMax, M.bodyTooLong)
  .refine(noBidiControls, M.bodyBidi);

export const sendMessageSchema = z.object({ body: messageBodySchema });

/** Asking a host (GraphQL `startConversation`, POST /api/conversations with the same fields in snake_case). */
export const startConversationSchema = z.object({
  resourceId: z.uuid({ error: M.resourceNotFound }),
  body: messageBodySchema,
  /** The booking the customer writes from (their own booking of this listing), shown beside the message. */
  bookingId: z.uuid({ error: M.bookingNotFound }).nullish(),
});

export const messagePageSchema = z.object({
  limit: numberInput(z.number().int().min(1).max(MESSAGE_LIMITS.pageMax))
    .nullish()
    .transform((v) => v ?? MESSAGE_LIMITS.pageDefault),
  offset: numberInput(z.number().int().min(0).max(1_000_000))
    .nullish()
    .transform((v) => v ?? 0),
});
