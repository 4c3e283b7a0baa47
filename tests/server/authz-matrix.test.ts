import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  activeListing,
  createBooking,
  createInquiry,
  createUser,
  payBooking,
  pendingListing,
  serviceCardBody,
  type MadeUser,
} from '../support/factories.js';
import { advanceBookings } from '../../server/src/modules/bookings/booking.service.js';
import { issueCommissionInvoices } from '../../server/src/modules/invoices/commission-invoice.service.js';

/**
 * Who may do what (spec section 6), for every protected REST path: called as visitor, regular user, host,
 * admin, suspended user, and — for owned things — the owner versus another user of the same role.
 * Each cell is the expected status class: 2 = success, or the exact refusal (401, 403, 404).
 */
type Role = 'visitor' | 'user' | 'otherUser' | 'host' | 'otherHost' | 'admin' | 'suspended';
const ROLES: Role[] = ['visitor', 'user', 'otherUser', 'host', 'otherHost', 'admin', 'suspended'];

let t: TestApp;
const who = {} as Record<Exclude<Role, 'visitor'>, MadeUser>;
const ids = {
  resource: '',
  pendingResource: '',
  booking: '',
  inquiry: '',
  changed: '',
  toApprove: '',
  serviceBooking: '',
  payServiceBooking: '',
  paidServiceBooking: '',
  commissionInvoice: '',
  cancelMe: '',
  consultation: '',
  conversation: '',
  advisor: '',
  doneBooking: '',
  review: '',
  payment: '',
};
const SERVICE_REQUEST = {
  service_id: 'logistics',
  preferred_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  contact_number: '0501234567',
  requirements: 'Matrix request',
};

beforeAll(async () => {
  t = await createTestApp();
  who.user = await createUser(t.app);
  who.otherUser = await createUser(t.app);
  who.host = await createUser(t.app, { role: 'host_seller' });
  who.otherHost = await createUser(t.app, { role: 'host_seller' });
  who.admin = await createUser(t.app, { role: 'admin' });
  who.suspended = await createUser(t.app, { role: 'admin' });
  const listing = {
    title: 'Matrix room',
    description: 'Room',
    category: 'Office Space',
    price: 10,
    period: 'day',
    location: 'Riyadh',
    images: [],
  };
  const by = { owner: who.host, admin: who.admin };
  ids.resource = await activeListing(t, by, listing);
  ids.pendingResource = await pendingListing(t, who.host, listing);
  // Active listings with a host's edit awaiting review.
  for (const key of ['changed', 'toApprove'] as const) {
    ids[key] = await activeListing(t, by, listing);
    await t.api('PUT', `/api/resources/${ids[key]}`, { ...listing, title: 'Matrix room, renamed' }, who.host.token);
  }
  const start = new Date(Date.now() + 5 * 86_400_000);
  ids.booking = (await createBooking(t, who.user, ids.resource, start, new Date(start.getTime() + 86_400_000))).id;
  ids.inquiry = await createInquiry(t, { full_name: 'A', email: 'a@b.sa', message: 'Hello' });
  ids.serviceBooking = (await t.api('POST', '/api/service-bookings', SERVICE_REQUEST, who.user.token)).body.id;
  // Service bookings an admin confirmed with a quote: one awaiting payment, one paid (it has an invoice).
  for (const key of ['payServiceBooking', 'paidServiceBooking'] as const) {
    ids[key] = (await t.api('POST', '/api/service-bookings', SERVICE_REQUEST, who.user.token)).body.id;
    const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await t.api('PUT', `/api/service-bookings/${ids[key]}`, { status: 'confirmed', price: '100', scheduled_at: at }, who.admin.token);
  }
  const paid = await t.api('POST', '/api/payment/direct-charge', serviceCardBody(ids.paidServiceBooking), who.user.token);
  expect(paid.body.success).toBe(true);
  ids.payment = (
    await t.app.orm.em.fork().getConnection().execute(`select id from payments where service_booking_id = ?`, [ids.paidServiceBooking])
  )[0].id;
  ids.cancelMe = (await t.api('POST', '/api/service-bookings', SERVICE_REQUEST, who.user.token)).body.id;
  ids.consultation = await createInquiry(t, {
    service_type: 'legal-consultancy',
    full_name: 'B',
    email: who.otherUser.user.email,
    message: 'Matrix consultation',
    preferred_date: SERVICE_REQUEST.preferred_date,
  });
  const asked = await t.api('POST', '/api/conversations', { resource_id: ids.resource, body: 'Is it free on Sunday?' }, who.user.token);
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  ids.conversation = asked.body.conversation.id;
  const advisorAccount = await createUser(t.app);
  ids.advisor = (
    await t.api(
      'POST',
      '/api/advisors',
      { user_email: advisorAccount.email, display_name: 'Matrix advisor', service_ids: ['compliance'], languages: ['en'] },
      who.admin.token,
    )
  ).body.id;
  // A VAT-registered host (agent model): its commission is invoiced, so there is a commission invoice to read.
  const profile = await t.api(
    'PUT',
    '/api/host/payout-account',
    {
      legal_name: 'Matrix Co',
      commercial_registration: '1010101010',
      vat_number: '300000000000003',
      mobile: '0551234567',
      bank: 'SNB',
      iban: 'SA0380000000608010167519',
    },
    who.host.token,
  );
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  // Completed, paid bookings of the host's listing: one to review and rate, one already reviewed (to answer and hide).
  const completed = async (from: number) => {
    const s = new Date(Date.now() + from * 86_400_000);
    const id = (await createBooking(t, who.user, ids.resource, s, new Date(s.getTime() + 86_400_000))).id;
    await payBooking(t, who.user, id);
    await t.app.orm.em
      .fork()
      .getConnection()
      .execute(
        `update bookings set start_date = now() - interval '${from} days', end_date = now() - interval '${from - 1} days' where id = ?`,
        [id],
      );
    await advanceBookings(t.app.orm.em.fork() as never, t.app.deps);
    return id;
  };
  ids.doneBooking = await completed(20);
  const reviewed = await completed(30);
  ids.review = (
    await t.api('POST', `/api/bookings/${reviewed}/review`, { rating: 4, comment: 'Matrix review, fine.' }, who.user.token)
  ).body.id;
  // The host's commission invoice for this month's paid bookings, as the monthly pass issues it once the month ended.
  await issueCommissionInvoices(t.app.deps, new Date(Date.now() + 40 * 86_400_000));
  ids.commissionInvoice = (
    await t.app.orm.em.fork().getConnection().execute(`select id from commission_invoices where host_id = ?`, [who.host.user.id])
  )[0].id;
  await t.app.orm.em.fork().getConnection().execute(`update users set status = 'suspended' where id = ?`, [who.suspended.user.id]);
  expect(
    ids.doneBooking &&
      ids.review &&
      ids.resource &&
      ids.pendingResource &&
      ids.booking &&
      ids.inquiry &&
      ids.changed &&
      ids.toApprove &&
      ids.serviceBooking &&
      ids.cancelMe,
  ).toBeTruthy();
  // Some fifty requests through the real app on an embedded database: more than the default minute on a busy machine.
}, 180_000);
afterAll(async () => t?.close());

// [method, path, body, expected per role in ROLES order: visitor, user, otherUser, host, otherHost, admin, suspended]
type Cell = 2 | 400 | 401 | 403 | 404 | 409;
const ADMIN_ONLY: Cell[] = [401, 403, 403, 403, 403, 2, 401];
const ANY_USER: Cell[] = [401, 2, 2, 2, 2, 2, 401];
const PUBLIC: Cell[] = [2, 2, 2, 2, 2, 2, 401];

const matrix: Array<[string, string, unknown, Cell[]]> = [
  ['GET', '/api/auth/me', undefined, ANY_USER],
  ['GET', '/api/auth/email-verification-status', undefined, ANY_USER],
  ['GET', '/api/resources', undefined, PUBLIC],
  ['GET', '/api/resources/:resource', undefined, PUBLIC],
  // A pending listing: its owner and admins only; anyone else cannot tell it exists.
  ['GET', '/api/resources/:pendingResource', undefined, [404, 404, 404, 2, 404, 2, 401]],
  ['GET', '/api/resources/my/resources', undefined, [401, 403, 403, 2, 2, 2, 401]],
  ['POST', '/api/resources', { title: 'X' }, [401, 403, 403, 400, 400, 400, 401]],
  // A JSON body is no picture: the hosts and the admin get that far.
  ['POST', '/api/uploads/images', {}, [401, 403, 403, 400, 400, 400, 401]],
  // No format named: the hosts and the admin get as far as that.
  ['POST', '/api/uploads/files', {}, [401, 403, 403, 400, 400, 400, 401]],
  // Only the owner (or an admin) may edit, and only an active listing: others cannot tell it exists.
  ['PUT', '/api/resources/:pendingResource', { title: 'Renamed' }, [401, 404, 404, 409, 404, 409, 401]],
  // An active listing: its owner (the edit then awaits review) or an admin.
  [
    'PUT',
    '/api/resources/:resource',
    { title: 'Matrix room', description: 'Room', category: 'Office Space', price: 10, period: 'day', location: 'Riyadh', images: [] },
    [401, 403, 403, 2, 403, 2, 401],
  ],
  ['GET', '/api/bookings/my', undefined, ANY_USER],
  ['GET', '/api/bookings/:booking', undefined, [401, 2, 404, 2, 404, 2, 401]],
  ['GET', '/api/bookings/:booking/payments', undefined, [401, 2, 404, 404, 404, 2, 401]],
  // Refunds (issue #24): whoever may cancel sees the quote (the host's is a full refund); credit notes are the buyer's.
  ['GET', '/api/bookings/:booking/cancellation-quote', undefined, [401, 2, 404, 2, 404, 2, 401]],
  ['GET', '/api/bookings/:booking/credit-notes', undefined, [401, 2, 404, 404, 404, 2, 401]],
  ['GET', '/api/bookings/:booking/credit-notes/999999.pdf', undefined, [401, 404, 404, 404, 404, 404, 401]],
  ['GET', '/api/bookings/:booking/credit-notes/999999.xml', undefined, [401, 404, 404, 404, 404, 404, 401]],
  // ZATCA phase 2 is off here: no booking has e-invoice XML (buyer and admin access: tests/server/zatca.test.ts).
  ['GET', '/api/bookings/:booking/invoice.xml', undefined, [401, 404, 404, 404, 404, 404, 401]],
  ['POST', '/api/payment/validate-user-for-payment', { booking_id: ':booking' }, [401, 2, 404, 404, 404, 2, 401]],
  // Embedded Payment (issue #24): a session for whoever may pay the booking; a session must be one handed to the
  // caller for it (a made-up one: 409), and nobody else can tell the booking exists.
  ['POST', '/api/payment/session', { booking_id: ':booking' }, [401, 2, 404, 404, 404, 2, 401]],
  ['POST', '/api/payment/execute', { booking_id: ':booking', session_id: 'ab'.repeat(16) }, [401, 409, 404, 404, 404, 409, 401]],
  // The test gateway's card form: its script is public; its submit needs a session id handed out (the key).
  ['GET', '/api/payment/sandbox/session.js', undefined, PUBLIC],
  ['POST', `/api/payment/sandbox/session/${'cd'.repeat(16)}`, { card: 'visa' }, [404, 404, 404, 404, 404, 404, 401]],
  // Reviews (issue #23): anyone reads a listing's; only the booking's customer writes, once it is completed.
  ['GET', '/api/resources/:resource/reviews', undefined, PUBLIC],
  ['POST', '/api/bookings/:doneBooking/review', { rating: 5, comment: 'Matrix review text' }, [401, 2, 404, 403, 404, 403, 401]],
  ['POST', '/api/bookings/:booking/review', { rating: 5, comment: 'Matrix review text' }, [401, 400, 404, 403, 404, 403, 401]],
  // Only the listing's owner answers (once); then admins hide it, after which it is gone for everyone else.
  ['POST', '/api/reviews/:review/reply', { text: 'Thank you' }, [401, 403, 403, 2, 403, 403, 401]],
  ['GET', '/api/admin/reviews', undefined, ADMIN_ONLY],
  ['PUT', '/api/admin/reviews/:review/hide', { reason: 'Matrix' }, ADMIN_ONLY],
  // The host's private rating of the customer: the listing's owner (admins read it); never the customer.
  ['GET', '/api/bookings/:doneBooking/customer-rating', undefined, [401, 403, 404, 2, 404, 2, 401]],
  ['POST', '/api/bookings/:doneBooking/customer-rating', { rating: 4 }, [401, 403, 404, 2, 404, 403, 401]],
  ['GET', '/api/admin/stats', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/users', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/users/counts', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/resources', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/resources/counts', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/settings', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/settings/myfatoorah', undefined, ADMIN_ONLY],
  // Payouts (issue #24): hosts (and admins, who may list too) their own profile and earnings; commission for admins.
  ['GET', '/api/admin/settings/marketplace', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/zatca', undefined, ADMIN_ONLY],
  // ZATCA_ENV is unset here: an admin is told e-invoicing is off (400); onboarding itself: tests/server/zatca.test.ts.
  ['POST', '/api/admin/zatca/onboarding', { otp: '123345' }, [401, 403, 403, 403, 403, 400, 401]],
  // ZATCA_ENV is unset here: renewal is refused as off (400); the renewal itself: tests/server/zatca.test.ts.
  ['POST', '/api/admin/zatca/renewal', { otp: '123345' }, [401, 403, 403, 403, 403, 400, 401]],
  // Past the permission check an unknown document is not found (the resubmission itself: tests/server/zatca.test.ts).
  ['POST', '/api/admin/zatca/documents/00000000-0000-4000-8000-000000000000/resubmit', undefined, [401, 403, 403, 403, 403, 404, 401]],
  ['PUT', '/api/admin/settings/marketplace', { commission_percent: 10 }, ADMIN_ONLY],
  ['GET', '/api/host/payout-account', undefined, [401, 403, 403, 2, 2, 2, 401]],
  [
    'PUT',
    '/api/host/payout-account',
    { legal_name: 'Matrix Co', commercial_registration: '1010101010', mobile: '0551234567', bank: 'SNB', iban: 'SA0380000000608010167519' },
    [401, 403, 403, 2, 2, 2, 401],
  ],
  // A JSON body is no document: the hosts and the admin get that far.
  ['POST', '/api/uploads/payout-documents', {}, [401, 403, 403, 400, 400, 400, 401]],
  ['GET', '/api/host/earnings', undefined, [401, 403, 403, 2, 2, 2, 401]],
  ['GET', '/api/host/commission-invoices', undefined, [401, 403, 403, 2, 2, 2, 401]],
  ['GET', '/api/host/commission-invoices/:commissionInvoice', undefined, [401, 403, 403, 2, 404, 2, 401]],
  ['GET', '/api/host/commission-invoices/:commissionInvoice.pdf', undefined, [401, 403, 403, 2, 404, 2, 401]],
  // No ZATCA on this server: no e-invoice, so its host and admins get 404 too (with one: zatca-commission.test.ts).
  ['GET', '/api/host/commission-invoices/:commissionInvoice.xml', undefined, [401, 403, 403, 404, 404, 404, 401]],
  // Commission credit notes: the list here; one note's host / other host / customer / admin in commission-invoices.test.ts.
  ['GET', '/api/host/commission-credit-notes', undefined, [401, 403, 403, 2, 2, 2, 401]],
  ['GET', '/api/admin/audit-log', undefined, ADMIN_ONLY],
  // Finance console (issue #24): admins only; retrying a refund that did not fail is 409 once past the permission check.
  ['GET', '/api/admin/payments', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/payments?status=paid&method=card', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/payments/:payment', undefined, ADMIN_ONLY],
  ['POST', '/api/admin/refunds/00000000-0000-4000-8000-000000000000/retry', undefined, [401, 403, 403, 403, 403, 404, 401]],
  ['GET', '/api/admin/exports/payments.csv', undefined, ADMIN_ONLY],
  // Held shares paid out: admins only; past the check an unknown host is not found (the transfer: held-payouts.test.ts).
  ['GET', '/api/admin/payouts/held', undefined, ADMIN_ONLY],
  ['POST', '/api/admin/payouts/held/00000000-0000-4000-8000-000000000000', { amount_halalas: 100 }, [401, 403, 403, 403, 403, 404, 401]],
  // Resolving an unanswered transfer: admins only; past the check an unknown transfer is not found.
  [
    'POST',
    '/api/admin/payouts/held-transfers/00000000-0000-4000-8000-000000000000/resolve',
    { outcome: 'not_sent', reason: 'Not in the portal' },
    [401, 403, 403, 403, 403, 404, 401],
  ],
  ['GET', '/api/admin/exports/vat.xlsx?from=2026-01-01&to=2026-12-31', undefined, ADMIN_ONLY],
  ['PUT', '/api/admin/users/:userId', { role: 'regular' }, ADMIN_ONLY],
  ['PUT', '/api/admin/resources/:pendingResource/reject', { reason: 'Blurry photos' }, ADMIN_ONLY],
  ['GET', '/api/admin/resources/changes', undefined, ADMIN_ONLY],
  ['PUT', '/api/admin/resources/:changed/changes/reject', { reason: 'Blurry photos' }, ADMIN_ONLY],
  ['PUT', '/api/admin/resources/:toApprove/changes/approve', undefined, ADMIN_ONLY],
  ['POST', '/api/admin/settings/test-ai-chat', { message: 'hi' }, [401, 403, 403, 403, 403, 2, 401]],
  ['GET', '/api/inquiries', undefined, ADMIN_ONLY],
  ['GET', '/api/inquiries/stats', undefined, ADMIN_ONLY],
  ['PUT', '/api/inquiries/:inquiry', { status: 'in_progress' }, ADMIN_ONLY],
  ['GET', '/api/inquiries/my', undefined, ANY_USER],
  ['POST', '/api/service-bookings', SERVICE_REQUEST, ANY_USER],
  ['GET', '/api/service-bookings/my', undefined, ANY_USER],
  ['GET', '/api/service-bookings', undefined, ADMIN_ONLY],
  // Its customer and admins; anyone else cannot tell it exists.
  ['GET', '/api/service-bookings/:serviceBooking', undefined, [401, 2, 404, 404, 404, 2, 401]],
  // Only its customer changes it this way (admins act through the admin update: 403); anyone else: 404.
  [
    'PUT',
    '/api/service-bookings/:serviceBooking/reschedule',
    { preferred_date: SERVICE_REQUEST.preferred_date },
    [401, 2, 404, 404, 404, 403, 401],
  ],
  ['POST', '/api/service-bookings/:cancelMe/cancel', {}, [401, 2, 404, 404, 404, 403, 401]],
  ['POST', '/api/inquiries/:consultation/service-booking', { contact_number: '0551234567' }, ADMIN_ONLY],
  // Assigning an advisor is an admin's act; past the permission check, one who does not cover the service is refused.
  ['PUT', '/api/service-bookings/:serviceBooking', { advisor_id: ':advisor' }, [401, 403, 403, 403, 403, 400, 401]],
  ['PUT', '/api/service-bookings/:serviceBooking', { status: 'cancelled', reason: 'Matrix' }, ADMIN_ONLY],
  // Advisors: admins manage them; anyone reads who covers a service and its free slots.
  ['GET', '/api/advisors', undefined, ADMIN_ONLY],
  ['GET', '/api/advisors/:advisor', undefined, ADMIN_ONLY],
  ['POST', '/api/advisors', { display_name: 'Matrix' }, [401, 403, 403, 403, 403, 400, 401]],
  ['PUT', '/api/advisors/:advisor', { display_name: 'Matrix advisor' }, ADMIN_ONLY],
  ['GET', '/api/services/compliance/advisors', undefined, PUBLIC],
  ['GET', '/api/services/compliance/slots', undefined, PUBLIC],
  // Paying a service booking: its customer only; an admin sees it but may not pay it (403); others cannot tell it exists.
  ['POST', '/api/payment/validate-user-for-payment', { service_booking_id: ':payServiceBooking' }, [401, 2, 404, 404, 404, 403, 401]],
  ['POST', '/api/payment/session', { service_booking_id: ':payServiceBooking' }, [401, 2, 404, 404, 404, 403, 401]],
  // Its invoice: its customer and admins.
  ['GET', '/api/service-bookings/:paidServiceBooking/invoice', undefined, [401, 2, 404, 404, 404, 2, 401]],
  ['GET', '/api/service-bookings/:paidServiceBooking/invoice.pdf', undefined, [401, 2, 404, 404, 404, 2, 401]],
  // ':role' is each caller's own (the per-address limit would refuse the sixth request for one address).
  ['POST', '/api/auth/forgot-password', { email: 'matrix-:role@example.sa' }, PUBLIC],
  // Anyone may present a reset token; a made-up one is refused as such, not as a permission question.
  ['POST', '/api/auth/reset-password', { token: 'made-up-token', password: 'matrix-Passw0rd' }, [400, 400, 400, 400, 400, 400, 401]],
  // Past the permission check a wrong current password is refused (the success path ends sessions: account-security.test.ts).
  [
    'POST',
    '/api/auth/change-password',
    { current_password: 'not-the-password', new_password: 'matrix-Passw0rd' },
    [401, 400, 400, 400, 400, 400, 401],
  ],
  // Past the permission check a wrong current password is refused (the success path: account-email.test.ts).
  [
    'POST',
    '/api/auth/change-email',
    { current_password: 'not-the-password', new_email: 'matrix-new-:role@example.sa' },
    [401, 400, 400, 400, 400, 400, 401],
  ],
  ['POST', '/api/auth/confirm-email-change', { token: 'made-up-token' }, [400, 400, 400, 400, 400, 400, 401]],
  // Messages: anyone signed in may ask a host (not their own listing: 400); a conversation is its two participants'
  // (user and host); an admin reads its messages for moderation (audited) but writes nothing (403); others: 404.
  ['POST', '/api/conversations', { resource_id: ':resource', body: 'Matrix question' }, [401, 2, 2, 400, 2, 2, 401]],
  ['GET', '/api/conversations', undefined, ANY_USER],
  // Favourites (issue #23): any signed-in user saves an active listing (idempotent); a listing not on the marketplace is 404, even to its owner.
  ['PUT', '/api/favorites/:resource', undefined, ANY_USER],
  ['PUT', '/api/favorites/:pendingResource', undefined, [401, 404, 404, 404, 404, 404, 401]],
  ['GET', '/api/favorites', undefined, ANY_USER],
  // A host's analytics of their own listings: hosts and admins (who may list too).
  ['GET', '/api/host/analytics', undefined, [401, 403, 403, 2, 2, 2, 401]],
  // Availability (issue #23): the listing's owner and admins; others who see the listing 403, those who do not 404.
  ['GET', '/api/resources/:resource/availability', undefined, [401, 403, 403, 2, 403, 2, 401]],
  ['GET', '/api/resources/:pendingResource/availability', undefined, [401, 404, 404, 2, 404, 2, 401]],
  ['PUT', '/api/resources/:resource/availability', { blocked: [] }, [401, 403, 403, 2, 403, 2, 401]],
  ['PUT', '/api/resources/:pendingResource/availability', { blocked: [] }, [401, 404, 404, 2, 404, 2, 401]],
  ['POST', '/api/resources/:resource/availability/ics-token', undefined, [401, 403, 403, 2, 403, 2, 401]],
  // The feed needs no login, only its token: without it everyone gets 404 (a login is no key).
  ['GET', '/api/resources/:resource/calendar.ics', undefined, [404, 404, 404, 404, 404, 404, 401]],
  ['DELETE', '/api/favorites/:resource', undefined, ANY_USER],
  ['GET', '/api/notifications', undefined, ANY_USER],
  ['POST', '/api/notifications/read', { all: true }, ANY_USER],
  ['GET', '/api/notifications/preferences', undefined, ANY_USER],
  ['PUT', '/api/notifications/preferences', { email: { booking_new: true } }, ANY_USER],
  ['GET', '/api/conversations/unread-count', undefined, ANY_USER],
  ['GET', '/api/conversations/:conversation', undefined, [401, 2, 404, 2, 404, 404, 401]],
  ['GET', '/api/conversations/:conversation/messages', undefined, [401, 2, 404, 2, 404, 2, 401]],
  ['POST', '/api/conversations/:conversation/messages', { body: 'Matrix reply' }, [401, 2, 404, 2, 404, 403, 401]],
  ['POST', '/api/conversations/:conversation/read', undefined, [401, 2, 404, 2, 404, 403, 401]],
  ['GET', '/api/account/export', undefined, ANY_USER],
  // Past the permission check a wrong password is refused (the success path ends the account: account-delete.test.ts).
  ['DELETE', '/api/account', { password: 'not-the-password' }, [401, 400, 400, 400, 400, 400, 401]],
  // Last: it ends the caller's sessions, so no later row could use that token.
  ['POST', '/api/auth/logout-all', undefined, ANY_USER],
];

const fill = (s: string) =>
  s
    .replace(':conversation', ids.conversation)
    .replace(':serviceBooking', ids.serviceBooking)
    .replace(':payServiceBooking', ids.payServiceBooking)
    .replace(':paidServiceBooking', ids.paidServiceBooking)
    .replace(':cancelMe', ids.cancelMe)
    .replace(':commissionInvoice', ids.commissionInvoice)
    .replace(':consultation', ids.consultation)
    .replace(':advisor', ids.advisor)
    .replace(':resource', ids.resource)
    .replace(':pendingResource', ids.pendingResource)
    .replace(':changed', ids.changed)
    .replace(':toApprove', ids.toApprove)
    .replace(':doneBooking', ids.doneBooking)
    .replace(':review', ids.review)
    .replace(':payment', ids.payment)
    .replace(':booking', ids.booking)
    .replace(':inquiry', ids.inquiry)
    .replace(':userId', who.otherUser.user.id);

describe('authorization matrix (REST)', () => {
  it('answers every role as the table says', async () => {
    const unexpected: string[] = [];
    for (const [method, path, body, expected] of matrix) {
      for (const [i, role] of ROLES.entries()) {
        const token = role === 'visitor' ? undefined : who[role].token;
        const payload = body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body)).replace(':role', role));
        const res = await t.api(method, fill(path), payload, token);
        const want = expected[i];
        const ok = want === 2 ? res.status >= 200 && res.status < 300 : res.status === want;
        if (!ok)
          unexpected.push(
            `${method} ${path} as ${role}: expected ${want === 2 ? '2xx' : want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
      }
    }
    expect(unexpected).toEqual([]);
    // ≈ 500 requests on one embedded database: beyond the default 30 s on a busy machine.
  }, 180_000);
});
