/**
 * The OpenAPI 3.1 description of the REST adapter (GET /api/openapi.json), generated from the same zod rules the
 * services parse with (shared/*.rules.ts) by @asteasolutions/zod-to-openapi. Every route mounted under /api has a row
 * in OPERATIONS: tests/server/openapi.test.ts walks the mounted Express router and fails on a route without one.
 * Request bodies and queries come from the rules; answers are described in words (their DTOs are plain functions,
 * not schemas), with the shared error shape `{"detail": …}`.
 */
import { zatcaOnboardingSchema, zatcaRenewalSchema } from '../shared/zatca.rules.js';
import { z } from 'zod';
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { restSchema } from './case.js';
import {
  adminListSchema,
  createBookingSchema,
  createResourceSchema,
  FILE_FORMATS,
  listResourcesSchema,
  rejectSchema,
  updateResourceSchema,
} from '../shared/marketplace.rules.js';
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  emailChangeTokenSchema,
  emailOnlySchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  tokenSchema,
} from '../shared/rules.js';
import {
  adminUserUpdateSchema,
  aiChatSchema,
  assistantChatSchema,
  generalSchema,
  myFatoorahSchema,
  pageSchema,
  testAiChatSchema,
  userSearchSchema,
} from '../shared/admin.rules.js';
import {
  confirmSubscriptionSchema,
  inquiryFilterSchema,
  inquirySchema,
  inquiryStatusSchema,
  newsletterSubscribeSchema,
  unsubscribeSchema,
} from '../shared/public.rules.js';
import { createServiceBookingSchema, serviceBookingFilterSchema, updateServiceBookingSchema } from '../shared/service-bookings.rules.js';
import { convertInquirySchema, customerCancelSchema, rescheduleSchema } from '../shared/service-booking-schedule.rules.js';
import { analyticsQuerySchema } from '../shared/analytics.rules.js';
import { cardPaymentSchema } from '../shared/payments.rules.js';
import { createAdvisorSchema, updateAdvisorSchema } from '../shared/advisors.rules.js';
import { favoritePageSchema } from '../shared/favorites.rules.js';
import {
  earningsQuerySchema,
  heldPayoutSchema,
  heldResolveSchema,
  marketplaceSettingsSchema,
  payoutAccountSchema,
} from '../shared/payouts.rules.js';
import { notificationPageSchema, notificationPreferencesSchema, notificationReadSchema } from '../shared/notifications.rules.js';
import { availabilitySchema } from '../shared/availability.rules.js';
import { financeExportQuerySchema, financePaymentsQuerySchema } from '../shared/finance.rules.js';
import { createReviewSchema, customerRatingSchema, hideReviewSchema, replySchema, reviewPageSchema } from '../shared/reviews.rules.js';
import { messagePageSchema, sendMessageSchema, startConversationSchema } from '../shared/messages.rules.js';
import { LOCALES } from '../shared/locale.js';

type Method = 'get' | 'post' | 'put' | 'delete';
/** Who may call: anyone, anyone (a token adds the caller), a signed-in user, an admin. */
type Access = 'public' | 'optional' | 'user' | 'admin';
type Answer = 'json' | 'pdf' | 'file' | 'sse' | 'html';

interface Operation {
  method: Method;
  /** The Express path under /api, as mounted (`:id` parameters). */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  body?: z.ZodType;
  /** A body sent as it is (a file), of these media types, instead of JSON. */
  upload?: string[];
  query?: z.ZodObject;
  /** The success status (200 unless said). */
  status?: 200 | 201;
  answer?: Answer;
  /** Mounted only outside production (the test gateway), or only there without SMTP_URL (the dev outbox). */
  only?: 'development' | 'outbox';
}

// Bodies and queries the services read field by field rather than through a shared rule: described here.
const uuid = z.uuid();
const payableBody = z.object({
  booking_id: uuid.optional().describe('A marketplace booking to pay (or service_booking_id, not both)'),
  service_booking_id: uuid.optional().describe('A service booking to pay (or booking_id, not both)'),
});
const initiateBody = payableBody.extend({
  method: z.enum(['visa_mastercard', 'mada']).optional().describe('The hosted page’s method (default visa_mastercard)'),
});
const confirmBody = payableBody.extend({ payment_id: z.string().optional().describe('MyFatoorah’s paymentId of the return URL') });
const webhookBody = z
  .object({
    Event: z.object({ Code: z.number().optional(), Name: z.string(), Reference: z.string().optional() }).partial(),
    Data: z.record(z.string(), z.unknown()),
  })
  .describe('MyFatoorah’s Webhook v2 (signed per event type)');
const executeBody = payableBody.extend({
  session_id: z.string().describe('The session the card was entered into (POST /payment/session)'),
});
const sandboxSessionBody = z.object({ card: z.enum(['visa', 'mastercard', 'mada', 'apple_pay', 'declined']) });
const tokenQuery = z.object({ token: z.string().optional() });
const fileFormatQuery = z.object({ format: z.enum(FILE_FORMATS).describe('The format the file is checked and later served as') });
const localeQuery = z.object({
  locale: z.enum(LOCALES).optional().describe('Else `lang`, else Accept-Language, else English'),
  lang: z.enum(LOCALES).optional(),
});
const settingsBody = z.union([myFatoorahSchema, aiChatSchema, generalSchema]).describe('The setting’s value object (or `{ "value": … }`)');
const sandboxCard = z.object({ card: z.string().optional() });
const sandboxQuery = z.object({ method: z.string().optional() });
const resendBody = z.object({
  email: z.string().optional().describe('Defaults to the signed-in user’s address'),
  locale: z.enum(LOCALES).optional(),
});

const OPERATIONS: Operation[] = [
  { method: 'get', path: '/openapi.json', tag: 'meta', summary: 'This OpenAPI description', access: 'public' },
  { method: 'get', path: '/docs', tag: 'meta', summary: 'This description as a readable page', access: 'public', answer: 'html' },
  { method: 'get', path: '/health', tag: 'health', summary: 'Database answers ({"status":"ok"}, else 503)', access: 'public' },
  { method: 'get', path: '/health/live', tag: 'health', summary: 'Liveness: the process answers', access: 'public' },
  { method: 'get', path: '/health/ready', tag: 'health', summary: 'Readiness: database, Redis, storage', access: 'public' },
  { method: 'get', path: '/dev/outbox', tag: 'meta', summary: 'The newest 50 development mails', access: 'public', only: 'outbox' },

  {
    method: 'post',
    path: '/auth/register',
    tag: 'auth',
    summary: 'Create an account',
    access: 'public',
    body: registerSchema,
    status: 201,
  },
  { method: 'post', path: '/auth/login', tag: 'auth', summary: 'Sign in: an access token', access: 'public', body: loginSchema },
  { method: 'get', path: '/auth/me', tag: 'auth', summary: 'The signed-in user', access: 'user' },
  { method: 'put', path: '/auth/me', tag: 'auth', summary: 'Update one’s profile', access: 'user', body: profileSchema },
  { method: 'post', path: '/auth/verify-email', tag: 'auth', summary: 'Verify an email address', access: 'public', body: tokenSchema },
  {
    method: 'post',
    path: '/auth/resend-verification',
    tag: 'auth',
    summary: 'Send the verification mail again',
    access: 'optional',
    body: resendBody,
  },
  { method: 'get', path: '/auth/email-verification-status', tag: 'auth', summary: 'Whether one’s email is verified', access: 'user' },
  { method: 'post', path: '/auth/logout-all', tag: 'auth', summary: 'End every session', access: 'user' },
  {
    method: 'post',
    path: '/auth/forgot-password',
    tag: 'auth',
    summary: 'Mail a password reset link',
    access: 'public',
    body: emailOnlySchema,
  },
  {
    method: 'post',
    path: '/auth/reset-password',
    tag: 'auth',
    summary: 'Set a new password with a reset token',
    access: 'public',
    body: resetPasswordSchema,
  },
  {
    method: 'post',
    path: '/auth/change-password',
    tag: 'auth',
    summary: 'Change one’s password',
    access: 'user',
    body: changePasswordSchema,
  },
  {
    method: 'post',
    path: '/auth/change-email',
    tag: 'auth',
    summary: 'Ask to change one’s email',
    access: 'user',
    body: changeEmailSchema,
  },
  {
    method: 'post',
    path: '/auth/confirm-email-change',
    tag: 'auth',
    summary: 'Confirm an email change',
    access: 'public',
    body: emailChangeTokenSchema,
  },

  { method: 'get', path: '/account/export', tag: 'account', summary: 'Download all one’s data (JSON attachment)', access: 'user' },
  { method: 'delete', path: '/account', tag: 'account', summary: 'Delete one’s account', access: 'user', body: deleteAccountSchema },

  {
    method: 'post',
    path: '/newsletter/subscribe',
    tag: 'newsletter',
    summary: 'Subscribe (a confirmation mail follows)',
    access: 'public',
    body: newsletterSubscribeSchema,
    status: 201,
  },
  {
    method: 'post',
    path: '/newsletter/confirm',
    tag: 'newsletter',
    summary: 'Confirm a subscription',
    access: 'public',
    body: confirmSubscriptionSchema,
    query: tokenQuery,
  },
  {
    method: 'get',
    path: '/newsletter/unsubscribe',
    tag: 'newsletter',
    summary: 'Look up an unsubscribe link',
    access: 'public',
    query: tokenQuery,
  },
  {
    method: 'post',
    path: '/newsletter/unsubscribe',
    tag: 'newsletter',
    summary: 'Unsubscribe',
    access: 'public',
    body: unsubscribeSchema,
    query: tokenQuery,
  },

  {
    method: 'get',
    path: '/resources',
    tag: 'marketplace',
    summary: 'Active listings, a page',
    access: 'optional',
    query: restSchema(listResourcesSchema),
  },
  {
    method: 'post',
    path: '/resources',
    tag: 'marketplace',
    summary: 'Create a listing (pictures as URLs of uploads, or data URLs)',
    access: 'user',
    body: restSchema(createResourceSchema),
    status: 201,
  },
  {
    method: 'post',
    path: '/uploads/images',
    tag: 'marketplace',
    summary: 'Upload a listing picture ahead of saving the listing (its bytes as the body; the answer’s url goes in images)',
    access: 'user',
    upload: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    status: 201,
  },
  {
    method: 'post',
    path: '/uploads/files',
    tag: 'marketplace',
    summary: 'Upload a digital listing’s file ahead of saving the listing (its bytes as the body; the answer’s file goes in file)',
    access: 'user',
    upload: ['application/octet-stream'],
    query: fileFormatQuery,
    status: 201,
  },
  { method: 'get', path: '/resources/my/resources', tag: 'marketplace', summary: 'One’s own listings', access: 'user' },
  { method: 'get', path: '/resources/:id', tag: 'marketplace', summary: 'A listing', access: 'optional' },
  {
    method: 'put',
    path: '/resources/:id',
    tag: 'marketplace',
    summary: 'Edit one’s listing',
    access: 'user',
    body: restSchema(updateResourceSchema),
  },
  { method: 'delete', path: '/resources/:id', tag: 'marketplace', summary: 'Delete one’s listing', access: 'user' },
  {
    method: 'get',
    path: '/resources/:id/booked-ranges',
    tag: 'marketplace',
    summary: 'Dates already taken or blocked',
    access: 'optional',
  },
  {
    method: 'get',
    path: '/resources/:id/availability',
    tag: 'marketplace',
    summary: 'A listing’s blocked days, opening hours and private calendar feed address (owner or admin)',
    access: 'user',
  },
  {
    method: 'put',
    path: '/resources/:id/availability',
    tag: 'marketplace',
    summary: 'Replace a listing’s blocked days and (hourly listings) weekly opening hours; 409 over a live booking',
    access: 'user',
    body: restSchema(availabilitySchema),
  },
  {
    method: 'post',
    path: '/resources/:id/availability/ics-token',
    tag: 'marketplace',
    summary: 'Give the calendar feed a new address (the old one stops answering)',
    access: 'user',
  },
  {
    method: 'get',
    path: '/resources/:id/calendar.ics',
    tag: 'marketplace',
    summary: 'The listing’s bookings and blocked days as an iCalendar feed (the token is the key)',
    access: 'public',
    query: tokenQuery,
    answer: 'file',
  },
  {
    method: 'post',
    path: '/resources/:id/download-link',
    tag: 'marketplace',
    summary: 'A short-lived link to a digital file',
    access: 'optional',
  },
  {
    method: 'get',
    path: '/resources/:id/download',
    tag: 'marketplace',
    summary: 'Download a digital file',
    access: 'public',
    query: tokenQuery,
    answer: 'file',
  },
  {
    method: 'get',
    path: '/admin/resources',
    tag: 'admin',
    summary: 'Listings of any status, a page',
    access: 'admin',
    query: restSchema(adminListSchema),
  },
  { method: 'get', path: '/admin/resources/changes', tag: 'admin', summary: 'Hosts’ edits awaiting approval', access: 'admin' },
  { method: 'put', path: '/admin/resources/:id/changes/approve', tag: 'admin', summary: 'Approve a host’s edit', access: 'admin' },
  {
    method: 'put',
    path: '/admin/resources/:id/changes/reject',
    tag: 'admin',
    summary: 'Reject a host’s edit',
    access: 'admin',
    body: rejectSchema,
  },
  { method: 'get', path: '/admin/resources/counts', tag: 'admin', summary: 'Listings by status', access: 'admin' },
  { method: 'put', path: '/admin/resources/:id/approve', tag: 'admin', summary: 'Approve a listing', access: 'admin' },
  { method: 'put', path: '/admin/resources/:id/reject', tag: 'admin', summary: 'Reject a listing', access: 'admin', body: rejectSchema },

  { method: 'get', path: '/bookings/my', tag: 'bookings', summary: 'One’s bookings', access: 'user' },
  { method: 'get', path: '/bookings', tag: 'bookings', summary: 'Bookings one made or hosts (all for admins)', access: 'user' },
  { method: 'get', path: '/bookings/:id', tag: 'bookings', summary: 'A booking', access: 'user' },
  {
    method: 'post',
    path: '/bookings',
    tag: 'bookings',
    summary: 'Book a listing',
    access: 'user',
    body: restSchema(createBookingSchema),
    status: 201,
  },
  { method: 'delete', path: '/bookings/:id', tag: 'bookings', summary: 'Cancel a booking', access: 'user' },
  {
    method: 'get',
    path: '/bookings/:id/invoice',
    tag: 'invoices',
    summary:
      'A paid booking’s tax invoice (standard: the buyer block carries vat_number, cr_number, national_address; the seller block ' +
      'address_ar, the Arabic address frozen at issue — empty or absent on older invoices: Arabic renderings print address)',
    access: 'user',
  },
  { method: 'get', path: '/bookings/:id/invoice.pdf', tag: 'invoices', summary: 'The same invoice as PDF', access: 'user', answer: 'pdf' },
  {
    method: 'get',
    path: '/admin/zatca',
    tag: 'invoices',
    summary: 'ZATCA e-invoicing: environment, onboarding status, certificate expiry, documents by status, latest rejections',
    access: 'admin',
  },
  {
    method: 'post',
    path: '/admin/zatca/onboarding',
    tag: 'invoices',
    summary: 'Onboard with ZATCA: one-time code + seller identity → compliance CSID, checks, production CSID',
    access: 'admin',
    body: zatcaOnboardingSchema,
  },
  {
    method: 'post',
    path: '/admin/zatca/renewal',
    tag: 'invoices',
    summary: 'Renew the production CSID before it expires: {otp} from the Fatoora portal → new key, CSR and certificate',
    access: 'admin',
    body: zatcaRenewalSchema,
  },
  {
    method: 'post',
    path: '/admin/zatca/documents/:id/resubmit',
    tag: 'invoices',
    summary:
      'Correct a rejected e-invoice document: a new one (new UUID, next ICV/PIH) for the same sale, queued for ZATCA; 409 unless rejected',
    access: 'admin',
  },
  {
    method: 'get',
    path: '/bookings/:id/invoice.xml',
    tag: 'invoices',
    summary: 'The ZATCA e-invoice (UBL 2.1 XML; standard invoices as ZATCA cleared them): the buyer and admins',
    access: 'user',
    answer: 'file',
  },
  { method: 'get', path: '/bookings/:id/payments', tag: 'payments', summary: 'A booking’s payment attempts', access: 'user' },
  {
    method: 'get',
    path: '/bookings/:id/cancellation-quote',
    tag: 'bookings',
    summary: 'What cancelling now would refund: {refund_amount, policy, paid_amount, kept_amount, …}',
    access: 'user',
  },
  {
    method: 'get',
    path: '/bookings/:id/credit-notes',
    tag: 'invoices',
    summary: 'The credit notes of a booking’s refunds',
    access: 'user',
  },
  {
    method: 'get',
    path: '/bookings/:id/credit-notes/:number.pdf',
    tag: 'invoices',
    summary: 'One credit note as PDF (PDF/A-3b; with its ZATCA e-invoice XML embedded and QR once there is one)',
    access: 'user',
    answer: 'pdf',
  },
  {
    method: 'get',
    path: '/bookings/:id/credit-notes/:number.xml',
    tag: 'invoices',
    summary:
      'Its ZATCA e-invoice (credit note 381 referring to the invoice; UBL 2.1 XML; standard ones as ZATCA cleared them): the buyer and admins',
    access: 'user',
    answer: 'file',
  },

  {
    method: 'post',
    path: '/payment/validate-user-for-payment',
    tag: 'payments',
    summary: 'Whether the caller can pay now, and how much',
    access: 'user',
    body: payableBody,
  },
  {
    method: 'post',
    path: '/payment/session',
    tag: 'payments',
    summary: 'Start an embedded card payment: {session_id, country_code, script_url} (MyFatoorah InitiateSession)',
    access: 'user',
    body: payableBody,
  },
  {
    method: 'post',
    path: '/payment/execute',
    tag: 'payments',
    summary: 'Pay the embedded session with 3-D Secure: {success, status, payment_url?, error}',
    access: 'user',
    body: executeBody,
  },
  {
    method: 'post',
    path: '/payment/direct-charge',
    tag: 'payments',
    summary: 'Pay by card in our own form: only for a merchant an admin declared PCI certified (else 409)',
    access: 'user',
    body: restSchema(cardPaymentSchema),
  },
  {
    method: 'post',
    path: '/payment/initiate',
    tag: 'payments',
    summary: 'Start a hosted payment page',
    access: 'user',
    body: initiateBody,
  },
  {
    method: 'post',
    path: '/payment/confirm',
    tag: 'payments',
    summary: 'Settle after the hosted page returns',
    access: 'user',
    body: confirmBody,
  },
  {
    method: 'post',
    path: '/payment/webhook',
    tag: 'payments',
    summary: 'MyFatoorah’s webhook (MyFatoorah-Signature header)',
    access: 'public',
    body: webhookBody,
  },
  {
    method: 'get',
    path: '/payment/sandbox/session.js',
    tag: 'payments',
    summary: 'The test gateway’s embedded card form script',
    access: 'public',
    only: 'development',
  },
  {
    method: 'post',
    path: '/payment/sandbox/session/:sessionId',
    tag: 'payments',
    summary: 'The test card form’s submit (the session id is the key)',
    access: 'public',
    body: sandboxSessionBody,
    only: 'development',
  },
  {
    method: 'get',
    path: '/payment/sandbox/pay/:invoiceId',
    tag: 'payments',
    summary: 'The test gateway’s page data',
    access: 'user',
    query: sandboxQuery,
    only: 'development',
  },
  {
    method: 'post',
    path: '/payment/sandbox/pay/:invoiceId/:action',
    tag: 'payments',
    summary: 'Pay or cancel on the test gateway',
    access: 'user',
    body: sandboxCard,
    only: 'development',
  },
  { method: 'get', path: '/admin/payments/refunds', tag: 'admin', summary: 'Payments owed back', access: 'admin' },
  {
    method: 'get',
    path: '/admin/payments',
    tag: 'finance',
    summary:
      'Every payment (resource and service bookings), newest first, 25 a page: amount in halalas and SAR, refund, split, customer, host',
    access: 'admin',
    query: restSchema(financePaymentsQuerySchema),
  },
  {
    method: 'get',
    path: '/admin/payments/:id',
    tag: 'finance',
    summary: 'A payment and its timeline (gateway, payment, split, refund, credit note, audit)',
    access: 'admin',
  },
  {
    method: 'post',
    path: '/admin/refunds/:id/retry',
    tag: 'finance',
    summary: 'Request a failed refund again (409 unless it failed); audited',
    access: 'admin',
  },
  {
    method: 'get',
    path: '/admin/payouts/held',
    tag: 'finance',
    summary: "Hosts' held balances (shares kept before their payout profile was approved), largest first: {items}",
    access: 'admin',
  },
  {
    method: 'post',
    path: '/admin/payouts/held/:hostId',
    tag: 'finance',
    summary:
      "Pay out a host's whole held balance to its approved MyFatoorah supplier (TransferBalance, push), or, when the host owes the platform (balance below 0), collect the whole owed amount back (pull): amount_halalas must equal that amount (409 otherwise); one in flight per host; audited. 201 with the transfer (transfer_type push or pull)",
    access: 'admin',
    body: restSchema(heldPayoutSchema),
  },
  {
    method: 'post',
    path: '/admin/payouts/held-transfers/:id/resolve',
    tag: 'finance',
    summary:
      'Resolve a held-balance transfer MyFatoorah never answered, after checking its portal: not_sent (failed, the balance is held again) or transferred (gateway_reference required); only a requested transfer sent 10+ minutes ago (409 otherwise); audited with the reason',
    access: 'admin',
    body: restSchema(heldResolveSchema),
  },
  {
    method: 'get',
    path: '/admin/exports/:report.:format',
    tag: 'finance',
    summary: 'Export payments, refunds, payouts or the monthly VAT report as csv (UTF-8 with BOM) or xlsx, between Riyadh dates',
    access: 'admin',
    query: financeExportQuerySchema,
    answer: 'file',
  },

  { method: 'get', path: '/admin/stats', tag: 'admin', summary: 'Dashboard figures', access: 'admin' },
  { method: 'get', path: '/admin/users', tag: 'admin', summary: 'Users (X-Total-Count header)', access: 'admin', query: userSearchSchema },
  { method: 'get', path: '/admin/users/counts', tag: 'admin', summary: 'Users by kind', access: 'admin' },
  {
    method: 'put',
    path: '/admin/users/:id',
    tag: 'admin',
    summary: 'Change a user’s role or status',
    access: 'admin',
    body: adminUserUpdateSchema,
  },
  { method: 'get', path: '/admin/audit-log', tag: 'admin', summary: 'The audit log, a page', access: 'admin', query: pageSchema },
  { method: 'get', path: '/admin/settings', tag: 'admin', summary: 'Every setting (secrets masked)', access: 'admin' },
  {
    method: 'post',
    path: '/admin/settings/test-ai-chat',
    tag: 'admin',
    summary: 'Try the assistant’s provider',
    access: 'admin',
    body: testAiChatSchema,
  },
  {
    method: 'get',
    path: '/admin/settings/marketplace',
    tag: 'payouts',
    summary: 'The platform’s commission: default percentage and fixed fee, and per-category overrides',
    access: 'admin',
  },
  {
    method: 'put',
    path: '/admin/settings/marketplace',
    tag: 'payouts',
    summary: 'Set the commission (percent 0–100, fixed fee in SAR, by_category overrides)',
    access: 'admin',
    body: marketplaceSettingsSchema,
  },
  {
    method: 'get',
    path: '/host/payout-account',
    tag: 'payouts',
    summary: 'My payout profile (hosts): IBAN masked except its last 4, with supplier_status',
    access: 'user',
  },
  {
    method: 'put',
    path: '/host/payout-account',
    tag: 'payouts',
    summary: 'Save my payout profile and create or edit me as a MyFatoorah supplier (documents uploaded)',
    access: 'user',
    body: restSchema(payoutAccountSchema),
  },
  {
    method: 'post',
    path: '/uploads/payout-documents',
    tag: 'payouts',
    summary: 'Upload a payout document ahead of saving the profile (its bytes as the body; the answer’s upload goes in documents)',
    access: 'user',
    upload: ['application/pdf', 'image/jpeg', 'image/png'],
    status: 201,
  },
  {
    method: 'get',
    path: '/host/earnings',
    tag: 'payouts',
    summary:
      'My earnings over Riyadh dates: gross, commission (on the price before VAT), VAT on commission, platform VAT (the customer VAT Mawarid keeps as deemed supplier when I am not VAT-registered), refunded (my part of refunds), net after refunds, pending, paid out, transferred (held shares paid out) over the whole range; items paged: {…, total, page, page_size, items}',
    access: 'user',
    query: restSchema(earningsQuerySchema),
  },
  {
    method: 'get',
    path: '/host/commission-invoices',
    tag: 'invoices',
    summary: "The platform's monthly commission tax invoices to me (hosts; admins: every host's), newest month first: {items}",
    access: 'user',
  },
  {
    method: 'get',
    path: '/host/commission-invoices/:id',
    tag: 'invoices',
    summary: 'One commission invoice as issued (frozen): its host or an admin',
    access: 'user',
  },
  {
    method: 'get',
    path: '/host/commission-invoices/:id.pdf',
    tag: 'invoices',
    summary: 'The same commission invoice as PDF (PDF/A-3b; with its ZATCA e-invoice XML embedded and phase-2 QR once there is one)',
    access: 'user',
    answer: 'pdf',
  },
  {
    method: 'get',
    path: '/host/commission-invoices/:id.xml',
    tag: 'invoices',
    summary: 'Its ZATCA e-invoice (UBL 2.1 XML; standard ones as ZATCA cleared them, simplified as signed): its host or an admin',
    access: 'user',
    answer: 'file',
  },
  {
    method: 'get',
    path: '/host/commission-credit-notes',
    tag: 'invoices',
    summary:
      "The platform's credit notes to me for commission given back on refunds after the month's invoice was issued (hosts; admins: every host's), newest first: {items}",
    access: 'user',
  },
  {
    method: 'get',
    path: '/host/commission-credit-notes/:id',
    tag: 'invoices',
    summary: 'One commission credit note as issued (frozen, negative amounts, the invoice it corrects): its host or an admin',
    access: 'user',
  },
  {
    method: 'get',
    path: '/host/commission-credit-notes/:id.pdf',
    tag: 'invoices',
    summary: 'The same commission credit note as PDF (PDF/A-3b; with its ZATCA e-invoice XML embedded and QR once there is one)',
    access: 'user',
    answer: 'pdf',
  },
  {
    method: 'get',
    path: '/host/commission-credit-notes/:id.xml',
    tag: 'invoices',
    summary: 'Its ZATCA e-invoice (credit note 381 referring to the COM- invoice; UBL 2.1 XML): its host or an admin',
    access: 'user',
    answer: 'file',
  },
  { method: 'get', path: '/admin/settings/:key', tag: 'admin', summary: 'A setting (myfatoorah, ai_chat, general)', access: 'admin' },
  { method: 'put', path: '/admin/settings/:key', tag: 'admin', summary: 'Change a setting', access: 'admin', body: settingsBody },
  { method: 'get', path: '/settings/general', tag: 'public', summary: 'Public site settings', access: 'public' },
  {
    method: 'get',
    path: '/admin/analytics',
    tag: 'admin',
    summary: 'Analytics for a period',
    access: 'admin',
    query: analyticsQuerySchema,
  },
  {
    method: 'get',
    path: '/host/analytics',
    tag: 'marketplace',
    summary: "A host's analytics of their own listings for a period",
    access: 'user',
    query: analyticsQuerySchema,
  },
  { method: 'get', path: '/stats/public', tag: 'public', summary: 'Public figures', access: 'public' },

  {
    method: 'post',
    path: '/inquiries',
    tag: 'advisory',
    summary: 'Send an inquiry or consultation request',
    access: 'optional',
    body: restSchema(inquirySchema),
    status: 201,
  },
  { method: 'get', path: '/inquiries/my', tag: 'advisory', summary: 'One’s inquiries', access: 'user' },
  { method: 'get', path: '/inquiries/stats', tag: 'advisory', summary: 'Inquiries by status', access: 'admin' },
  { method: 'get', path: '/inquiries', tag: 'advisory', summary: 'Every inquiry', access: 'admin', query: inquiryFilterSchema },
  {
    method: 'put',
    path: '/inquiries/:id',
    tag: 'advisory',
    summary: 'Set an inquiry’s status',
    access: 'admin',
    body: inquiryStatusSchema,
  },
  {
    method: 'post',
    path: '/inquiries/:id/service-booking',
    tag: 'advisory',
    summary: 'Turn a consultation request into a service booking',
    access: 'admin',
    body: restSchema(convertInquirySchema),
    status: 201,
  },
  {
    method: 'get',
    path: '/resources/:id/reviews',
    tag: 'reviews',
    summary: 'A listing’s visible reviews, newest first',
    access: 'optional',
    query: restSchema(reviewPageSchema),
  },
  {
    method: 'post',
    path: '/bookings/:id/review',
    tag: 'reviews',
    summary: 'Review a completed booking (its customer, once)',
    access: 'user',
    body: createReviewSchema,
    status: 201,
  },
  {
    method: 'post',
    path: '/reviews/:id/reply',
    tag: 'reviews',
    summary: 'The listing’s host answers a review, once',
    access: 'user',
    body: replySchema,
  },
  {
    method: 'get',
    path: '/admin/reviews',
    tag: 'reviews',
    summary: 'Every review, hidden ones too',
    access: 'admin',
    query: restSchema(reviewPageSchema),
  },
  {
    method: 'put',
    path: '/admin/reviews/:id/hide',
    tag: 'reviews',
    summary: 'Hide a review, with a reason',
    access: 'admin',
    body: hideReviewSchema,
  },
  {
    method: 'get',
    path: '/bookings/:id/customer-rating',
    tag: 'reviews',
    summary: 'The customer’s rating by other hosts (the listing’s host only)',
    access: 'user',
  },
  {
    method: 'post',
    path: '/bookings/:id/customer-rating',
    tag: 'reviews',
    summary: 'Rate the customer privately (the listing’s host, after completion)',
    access: 'user',
    body: customerRatingSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/favorites',
    tag: 'favorites',
    summary: 'My saved listings still on the marketplace (cards), newest save first',
    access: 'user',
    query: restSchema(favoritePageSchema),
  },
  {
    method: 'put',
    path: '/favorites/:resourceId',
    tag: 'favorites',
    summary: 'Save an active listing (idempotent; 404 if not on the marketplace)',
    access: 'user',
  },
  {
    method: 'delete',
    path: '/favorites/:resourceId',
    tag: 'favorites',
    summary: 'Remove a listing from my favourites (idempotent)',
    access: 'user',
  },
  {
    method: 'get',
    path: '/notifications',
    tag: 'notifications',
    summary: 'My notifications, newest first, with unread_count',
    access: 'user',
    query: restSchema(notificationPageSchema),
  },
  {
    method: 'post',
    path: '/notifications/read',
    tag: 'notifications',
    summary: 'Mark some of my notifications ({ids}) or all ({all: true}) read',
    access: 'user',
    body: notificationReadSchema,
  },
  {
    method: 'get',
    path: '/notifications/preferences',
    tag: 'notifications',
    summary: 'Mail on or off for each kind of notification that is mailed',
    access: 'user',
  },
  {
    method: 'put',
    path: '/notifications/preferences',
    tag: 'notifications',
    summary: 'Turn mail on or off per kind ({email: {kind: boolean}})',
    access: 'user',
    body: notificationPreferencesSchema,
  },
  {
    method: 'post',
    path: '/conversations',
    tag: 'messages',
    summary: 'Ask a listing’s host: starts the conversation (201) or adds to it (200)',
    access: 'user',
    body: restSchema(startConversationSchema),
    status: 201,
  },
  { method: 'get', path: '/conversations', tag: 'messages', summary: 'One’s conversations', access: 'user', query: messagePageSchema },
  { method: 'get', path: '/conversations/unread-count', tag: 'messages', summary: 'Unread messages', access: 'user' },
  { method: 'get', path: '/conversations/:id', tag: 'messages', summary: 'A conversation', access: 'user' },
  {
    method: 'get',
    path: '/conversations/:id/messages',
    tag: 'messages',
    summary: 'A conversation’s messages, newest first',
    access: 'user',
    query: messagePageSchema,
  },
  {
    method: 'post',
    path: '/conversations/:id/messages',
    tag: 'messages',
    summary: 'Send a message',
    access: 'user',
    body: sendMessageSchema,
    status: 201,
  },
  { method: 'post', path: '/conversations/:id/read', tag: 'messages', summary: 'Mark a conversation read', access: 'user' },
  {
    method: 'get',
    path: '/advisors',
    tag: 'advisory',
    summary: 'Every advisor profile',
    access: 'admin',
    query: z.object({ service_id: z.string().optional().describe('Only the advisors covering this service') }),
  },
  { method: 'get', path: '/advisors/:id', tag: 'advisory', summary: 'An advisor profile', access: 'admin' },
  {
    method: 'post',
    path: '/advisors',
    tag: 'advisory',
    summary: 'Make a user an advisor',
    access: 'admin',
    body: restSchema(createAdvisorSchema),
    status: 201,
  },
  {
    method: 'put',
    path: '/advisors/:id',
    tag: 'advisory',
    summary: 'Change an advisor’s profile or hours',
    access: 'admin',
    body: restSchema(updateAdvisorSchema),
  },
  { method: 'get', path: '/services/:id/advisors', tag: 'advisory', summary: 'The active advisors of a service', access: 'public' },
  {
    method: 'get',
    path: '/services/:id/slots',
    tag: 'advisory',
    summary: 'Free one-hour meeting slots of a service, in Riyadh time',
    access: 'public',
    query: z.object({
      from: z.string().optional().describe('First Riyadh day, YYYY-MM-DD (default today)'),
      to: z.string().optional().describe('Last Riyadh day, YYYY-MM-DD (default two weeks on; at most 31 days)'),
      advisor_id: uuid.optional().describe('Only this advisor’s free times'),
    }),
  },
  { method: 'get', path: '/services', tag: 'advisory', summary: 'Advisory services', access: 'public', query: localeQuery },
  { method: 'get', path: '/services/:id', tag: 'advisory', summary: 'An advisory service', access: 'public', query: localeQuery },
  {
    method: 'post',
    path: '/service-bookings',
    tag: 'advisory',
    summary: 'Book an advisory service',
    access: 'user',
    body: restSchema(createServiceBookingSchema),
    status: 201,
  },
  { method: 'get', path: '/service-bookings/my', tag: 'advisory', summary: 'One’s service bookings', access: 'user' },
  {
    method: 'get',
    path: '/service-bookings',
    tag: 'advisory',
    summary: 'Every service booking',
    access: 'admin',
    query: serviceBookingFilterSchema,
  },
  { method: 'get', path: '/service-bookings/:id', tag: 'advisory', summary: 'A service booking', access: 'user' },
  {
    method: 'put',
    path: '/service-bookings/:id',
    tag: 'advisory',
    summary: 'Quote, confirm or close a service booking',
    access: 'admin',
    body: restSchema(updateServiceBookingSchema),
  },
  {
    method: 'post',
    path: '/service-bookings/:id/cancel',
    tag: 'advisory',
    summary: 'Cancel one’s service booking',
    access: 'user',
    body: customerCancelSchema,
  },
  {
    method: 'put',
    path: '/service-bookings/:id/reschedule',
    tag: 'advisory',
    summary: 'Move one’s service booking',
    access: 'user',
    body: restSchema(rescheduleSchema),
  },
  { method: 'get', path: '/service-bookings/:id/invoice', tag: 'invoices', summary: 'A paid service booking’s invoice', access: 'user' },
  {
    method: 'get',
    path: '/service-bookings/:id/invoice.pdf',
    tag: 'invoices',
    summary: 'The same invoice as PDF',
    access: 'user',
    answer: 'pdf',
  },

  { method: 'get', path: '/assistant', tag: 'assistant', summary: 'Whether the assistant is on', access: 'public' },
  {
    method: 'post',
    path: '/assistant/chat',
    tag: 'assistant',
    summary: 'Ask the assistant (server-sent events: delta, done, error)',
    access: 'optional',
    body: assistantChatSchema,
    answer: 'sse',
  },
];

/** The Express path as OpenAPI spells it: `/api/bookings/{id}`. */
export const openApiPath = (expressPath: string) => `/api${expressPath.replace(/:(\w+)/g, '{$1}')}`;

const Problem = z
  .object({
    detail: z.string().describe('What went wrong, in words for the user'),
    field: z.string().optional().describe('The input field the message is about'),
    message_key: z
      .string()
      .optional()
      .describe("The message's stable key in the shared catalogue (server/src/shared/server-messages.json), to translate it by"),
  })
  .meta({ id: 'Problem' });

const CONTENT: Record<Answer, Record<string, { schema: z.ZodType }>> = {
  json: { 'application/json': { schema: z.unknown() } },
  pdf: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
  file: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
  sse: { 'text/event-stream': { schema: z.string() } },
  html: { 'text/html': { schema: z.string() } },
};

/**
 * `.catch(value)` (an out-of-range sort or page falls back to the default) has no JSON-Schema form, and
 * zod-to-openapi refuses it; for the description it is the caught schema, optional. Everything else is kept as is.
 */
function describable(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as Record<string, z.ZodType & Record<string, unknown>> & { type: string };
  switch (def.type) {
    case 'catch':
      return describable(def.innerType).optional();
    case 'optional':
    case 'nullable': {
      const inner = describable(def.innerType);
      if (inner === def.innerType) return schema;
      return def.type === 'optional' ? inner.optional() : inner.nullable();
    }
    case 'pipe': {
      const [from, to] = [describable(def.in), describable(def.out)];
      return from === def.in && to === def.out ? schema : z.pipe(from, to);
    }
    case 'array': {
      const item = describable(def.element);
      return item === def.element ? schema : z.array(item);
    }
    case 'object': {
      const shape = (schema as z.ZodObject).shape;
      const next = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, describable(v)]));
      return Object.keys(shape).every((k) => next[k] === shape[k]) ? schema : (schema as z.ZodObject).extend(next);
    }
    default:
      return schema;
  }
}

const paramsOf = (path: string) => {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
};

/** What decides which routes are mounted (rest/router.ts). */
export interface Mounted {
  isProduction: boolean;
  smtpUrl?: string;
}

/** The routes mounted with these settings: the test gateway only outside production, the outbox also without SMTP. */
const documentedOperations = (env: Mounted) =>
  OPERATIONS.filter((o) => !o.only || (!env.isProduction && (o.only === 'development' || !env.smtpUrl)));

function build(env: Mounted) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access_token of POST /api/auth/login or /api/auth/register',
  });
  const problem = (description: string) => ({ description, content: { 'application/json': { schema: Problem } } });
  for (const op of documentedOperations(env)) {
    const responses: Record<string, ReturnType<typeof problem> | { description: string; content?: object }> = {
      [op.status ?? 200]: { description: op.summary, content: CONTENT[op.answer ?? 'json'] },
    };
    if (op.body || op.query || op.upload) responses[400] = problem('The input broke a rule (`field` names it)');
    if (op.access === 'user' || op.access === 'admin') responses[401] = problem('No or an expired token');
    if (op.access === 'admin') responses[403] = problem('Not an admin');
    if (op.path.includes(':')) responses[404] = problem('No such item, or not the caller’s');
    responses.default = problem('Another error (429 with Retry-After, 503 while the database is away, …)');
    registry.registerPath({
      method: op.method,
      path: openApiPath(op.path),
      operationId: `${op.method}${openApiPath(op.path).replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string = '') => c.toUpperCase())}`,
      tags: [op.tag],
      summary: op.summary,
      ...(op.access === 'user' || op.access === 'admin'
        ? { security: [{ [bearer.name]: [] }] }
        : op.access === 'optional'
          ? { security: [{}, { [bearer.name]: [] }] }
          : {}),
      request: {
        ...(paramsOf(op.path) ? { params: paramsOf(op.path) } : {}),
        ...(op.query ? { query: describable(op.query) as z.ZodObject } : {}),
        ...(op.body ? { body: { required: true, content: { 'application/json': { schema: describable(op.body) } } } } : {}),
        ...(op.upload
          ? {
              body: {
                required: true,
                content: Object.fromEntries(op.upload.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])),
              },
            }
          : {}),
      },
      responses,
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Mawarid REST API',
      version: '1.0.0',
      description:
        'The REST adapter of Mawarid: the same services as GraphQL (/graphql), snake_case JSON, errors as {"detail": …}. ' +
        'Amounts are SAR; dates are ISO 8601 (calendar dates in Riyadh time).',
    },
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
  });
}

const documents = new Map<string, string>();

/** The document as JSON text, built once per process and kind of instance. */
export function openApiJson(env: Mounted): string {
  const key = `${env.isProduction}:${!env.smtpUrl}`;
  let json = documents.get(key);
  if (!json) documents.set(key, (json = JSON.stringify(build(env))));
  return json;
}
