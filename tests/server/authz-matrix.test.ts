import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  activeListing,
  createBooking,
  createInquiry,
  createUser,
  pendingListing,
  serviceCardBody,
  type MadeUser,
} from '../support/factories.js';

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
  cancelMe: '',
  consultation: '',
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
  ids.cancelMe = (await t.api('POST', '/api/service-bookings', SERVICE_REQUEST, who.user.token)).body.id;
  ids.consultation = await createInquiry(t, {
    service_type: 'legal-consultancy',
    full_name: 'B',
    email: who.otherUser.user.email,
    message: 'Matrix consultation',
    preferred_date: SERVICE_REQUEST.preferred_date,
  });
  await t.app.orm.em.fork().getConnection().execute(`update users set status = 'suspended' where id = ?`, [who.suspended.user.id]);
  expect(
    ids.resource && ids.pendingResource && ids.booking && ids.inquiry && ids.changed && ids.toApprove && ids.serviceBooking && ids.cancelMe,
  ).toBeTruthy();
});
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
  ['POST', '/api/payment/validate-user-for-payment', { booking_id: ':booking' }, [401, 2, 404, 404, 404, 2, 401]],
  ['GET', '/api/admin/stats', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/users', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/users/counts', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/resources', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/resources/counts', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/settings', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/settings/myfatoorah', undefined, ADMIN_ONLY],
  ['GET', '/api/admin/audit-log', undefined, ADMIN_ONLY],
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
  ['PUT', '/api/service-bookings/:serviceBooking', { status: 'cancelled', reason: 'Matrix' }, ADMIN_ONLY],
  // Paying a service booking: its customer only; an admin sees it but may not pay it (403); others cannot tell it exists.
  ['POST', '/api/payment/validate-user-for-payment', { service_booking_id: ':payServiceBooking' }, [401, 2, 404, 404, 404, 403, 401]],
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
  ['GET', '/api/account/export', undefined, ANY_USER],
  // Past the permission check a wrong password is refused (the success path ends the account: account-delete.test.ts).
  ['DELETE', '/api/account', { password: 'not-the-password' }, [401, 400, 400, 400, 400, 400, 401]],
  // Last: it ends the caller's sessions, so no later row could use that token.
  ['POST', '/api/auth/logout-all', undefined, ANY_USER],
];

const fill = (s: string) =>
  s
    .replace(':serviceBooking', ids.serviceBooking)
    .replace(':payServiceBooking', ids.payServiceBooking)
    .replace(':paidServiceBooking', ids.paidServiceBooking)
    .replace(':cancelMe', ids.cancelMe)
    .replace(':consultation', ids.consultation)
    .replace(':resource', ids.resource)
    .replace(':pendingResource', ids.pendingResource)
    .replace(':changed', ids.changed)
    .replace(':toApprove', ids.toApprove)
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
  });
});
