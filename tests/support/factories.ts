import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';
import type { App } from '../../server/src/app.js';
import { User } from '../../server/src/modules/users/user.entity.js';
import { Role, UserStatus } from '../../server/src/modules/common/roles.js';
import { hashPassword } from '../../server/src/modules/auth/passwords.js';
import { signAccessToken } from '../../server/src/modules/auth/tokens.js';

export interface MadeUser {
  user: User;
  email: string;
  password: string;
  token: string;
}

let n = 0;
/** A user straight in the database (no mail), with a valid access token. */
export async function createUser(
  app: App,
  opts: { role?: Role | `${Role}`; status?: UserStatus | `${UserStatus}`; verified?: boolean; email?: string; fullName?: string } = {},
): Promise<MadeUser> {
  const em = app.orm.em.fork();
  const email = opts.email ?? `user${++n}-${randomBytes(3).toString('hex')}@example.sa`;
  const password = 'Passw0rd!';
  const user = em.create(User, {
    email,
    passwordHash: await hashPassword(password),
    fullName: opts.fullName ?? `Test User ${n}`,
    role: (opts.role as Role) ?? Role.regular,
    status: (opts.status as UserStatus) ?? UserStatus.active,
    emailVerified: opts.verified ?? true,
  });
  await em.flush();
  return { user, email, password, token: signAccessToken(user.id, user.tokenVersion, app.deps.env.jwtSecret, '1h') };
}

/** One user of each role: what most suites start from. */
export async function createCrew(app: App): Promise<{ admin: MadeUser; host: MadeUser; user: MadeUser }> {
  return {
    admin: await createUser(app, { role: Role.admin }),
    host: await createUser(app, { role: Role.host_seller }),
    user: await createUser(app, { role: Role.regular }),
  };
}

/*
 * The aggregates below are made through the REST API, as a host, an admin and a customer make them, so that every
 * rule, event and cache on the way runs; each step checks its status so a broken step fails where it happened.
 */

/** MyFatoorah's published test Visa, which the built-in test gateway accepts. */
export const TEST_VISA = '4508750015741019';

/** A valid listing body (POST /api/resources); `over` replaces fields. */
export const listingBody = (over: Record<string, unknown> = {}) => ({
  title: 'Meeting room in Al Olaya',
  description: 'A bright room for 10 people with a screen.',
  category: 'Office Space',
  price: 100,
  period: 'day',
  location: 'Riyadh',
  images: [] as string[],
  ...over,
});

/** A listing at 200 SAR a day: a two-day booking of it is 400 + 60 VAT = 460 SAR. */
export const FORKLIFT = {
  title: 'Forklift 3t',
  description: 'Diesel forklift with operator',
  category: 'Equipment',
  price: 200,
  period: 'day',
  location: 'Dammam',
  images: [],
};

/** A listing `owner` submitted, pending review; returns its id. */
export async function pendingListing(t: TestApp, owner: MadeUser, over: Record<string, unknown> = {}): Promise<string> {
  const res = await t.api('POST', '/api/resources', listingBody(over), owner.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** A listing `owner` submitted and `admin` approved, open for booking; returns its id. */
export async function activeListing(
  t: TestApp,
  by: { owner: MadeUser; admin: MadeUser },
  over: Record<string, unknown> = {},
): Promise<string> {
  const id = await pendingListing(t, by.owner, over);
  expect((await t.api('PUT', `/api/admin/resources/${id}/approve`, undefined, by.admin.token)).status).toBe(200);
  return id;
}

export interface MadeBooking {
  id: string;
  resourceId: string;
  /** The body it was booked with. */
  dates: { resource_id: string; start_date: string; end_date: string };
  /** The REST answer to the booking. */
  body: any;
}

/** `who` books `resourceId` from `start` to `end` (unpaid, on hold). */
export async function createBooking(t: TestApp, who: MadeUser, resourceId: string, start: Date, end: Date): Promise<MadeBooking> {
  const dates = { resource_id: resourceId, start_date: start.toISOString(), end_date: end.toISOString() };
  const res = await t.api('POST', '/api/bookings', dates, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, resourceId, dates, body: res.body };
}

/** A fresh active listing (`listing` replaces its fields) and `who`'s booking of it from `start` to `end`. */
export async function bookedListing(
  t: TestApp,
  by: { owner: MadeUser; admin: MadeUser; who: MadeUser },
  when: { start: Date; end: Date },
  listing: Record<string, unknown> = {},
): Promise<MadeBooking> {
  const resourceId = await activeListing(t, by, listing);
  return createBooking(t, by.who, resourceId, when.start, when.end);
}

/** A direct-charge body for the built-in test gateway; `over` replaces fields. */
export const cardBody = (bookingId: string, number = TEST_VISA, over: Record<string, string> = {}) => ({
  booking_id: bookingId,
  card_holder_name: 'Sara Al-Otaibi',
  card_number: number,
  expiry_month: '12',
  expiry_year: '39',
  cvv: '123',
  ...over,
});

/** The same card body for a service booking (`service_booking_id` instead of `booking_id`). */
export const serviceCardBody = (serviceBookingId: string, number = TEST_VISA, over: Record<string, string> = {}) => {
  const { booking_id: _, ...card } = cardBody('', number, over);
  return { ...card, service_booking_id: serviceBookingId };
};

/** `who` pays the booking by card on the built-in test gateway: the booking is then confirmed and paid. */
export async function payBooking(t: TestApp, who: MadeUser, bookingId: string, number = TEST_VISA): Promise<void> {
  const res = await t.api('POST', '/api/payment/direct-charge', cardBody(bookingId, number), who.token);
  expect(res.body).toMatchObject({ success: true });
}

/** A paid booking: a fresh active listing, `who`'s booking of it, paid by card. */
export async function paidBooking(
  t: TestApp,
  by: { owner: MadeUser; admin: MadeUser; who: MadeUser },
  when: { start: Date; end: Date },
  listing: Record<string, unknown> = {},
): Promise<MadeBooking> {
  const b = await bookedListing(t, by, when, listing);
  await payBooking(t, by.who, b.id);
  return b;
}

/** A valid inquiry body (POST /api/inquiries, the contact and service forms); `over` replaces fields. */
export const inquiryBody = (over: Record<string, unknown> = {}) => ({
  service_type: 'resource-sharing',
  full_name: 'Khalid Al-Mutairi',
  email: 'khalid@example.sa',
  message: 'We have two idle forklifts in Buraydah.',
  ...over,
});

/** An inquiry sent through the public form (as `who` when given); returns its id. */
export async function createInquiry(t: TestApp, over: Record<string, unknown> = {}, who?: MadeUser): Promise<string> {
  const res = await t.api('POST', '/api/inquiries', inquiryBody(over), who?.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
