import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../../server/src/app.js';
import { User } from '../../server/src/modules/users/user.entity.js';
import { Role, UserStatus } from '../../server/src/modules/common/roles.js';
import { hashPassword } from '../../server/src/modules/auth/passwords.js';
import { signAccessToken } from '../../server/src/modules/auth/tokens.js';
import { startFakeMyFatoorah } from './fake-myfatoorah.js';
import { createTestApp, type TestApp } from './test-app.js';

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

/** `startsIn` ms from now, for two days less an hour: a booking of FORKLIFT for it is 460 SAR with VAT. */
export function twoDaysFrom(startsIn: number): { start: Date; end: Date } {
  const start = new Date(Date.now() + startsIn);
  return { start, end: new Date(start.getTime() + 2 * 86_400_000 - 3_600_000) };
}

export type FakeMyFatoorah = Awaited<ReturnType<typeof startFakeMyFatoorah>>;

/**
 * A test app that pays through the local fake MyFatoorah, which signs its webhooks with `webhookSecret`; `env` and
 * `opts` go to createTestApp as they are.
 */
export async function myFatoorahApp(
  apiKey: string,
  webhookSecret: string,
  env: Record<string, string> = {},
  opts: Parameters<typeof createTestApp>[1] = {},
): Promise<{ fake: FakeMyFatoorah; t: TestApp }> {
  const fake = await startFakeMyFatoorah({ apiKey });
  const t = await createTestApp({ MYFATOORAH_BASE_URL: fake.url, MYFATOORAH_WEBHOOK_SECRET: webhookSecret, ...env }, opts);
  return { fake, t };
}

/** `admin` saves the gateway's API key in test mode: payments go through MyFatoorah from then on. */
export async function saveMyFatoorahKey(t: TestApp, admin: MadeUser, apiKey: string): Promise<void> {
  const saved = await t.api('PUT', '/api/admin/settings/myfatoorah', { value: { api_key: apiKey, test_mode: true } }, admin.token);
  expect(saved.status).toBe(200);
}

/** A payout profile body (PUT /api/host/payout-account) with a valid IBAN; `over` replaces fields. */
export const payoutProfileBody = (over: Record<string, unknown> = {}) => ({
  legal_name: 'Dammam Equipment Rental Co.',
  commercial_registration: '2050123456',
  mobile: '0551234567',
  bank: 'Riyad Bank',
  iban: 'SA0380000000608010167519',
  ...over,
});

/**
 * `host` saves its payout profile and becomes an approved supplier, its payments split to it from then on: at once
 * on the built-in test gateway; through `mf`, when the fake MyFatoorah's signed webhook approves the supplier the
 * profile made there (its code is answered).
 */
export async function approvedSupplier(
  t: TestApp,
  host: MadeUser,
  profile: Record<string, unknown>,
  mf?: { fake: FakeMyFatoorah; webhookSecret: string },
): Promise<number | undefined> {
  const res = await t.api('PUT', '/api/host/payout-account', payoutProfileBody(profile), host.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (!mf) {
    expect(res.body.supplier_status).toBe('approved');
    return undefined;
  }
  const code = [...mf.fake.suppliers.keys()].at(-1)!;
  expect((await mf.fake.sendSupplierWebhook(`${t.url}/api/payment/webhook`, code, 'APPROVED', mf.webhookSecret)).status).toBe(200);
  return code;
}

/** The platform as seller of record, as the admin onboards it for ZATCA phase 2 (against the fake Fatoora). */
export const ZATCA_SELLER = {
  name: 'Mawarid Marketplace Co.',
  vat_number: '310122393500003',
  crn: '1010010000',
  street: 'King Fahd Road',
  building: '1234',
  district: 'Al Olaya',
  city: 'Riyadh',
  postal_code: '12211',
  branch: 'Riyadh Branch',
  industry: 'Marketplace',
};

/** The General settings that make the platform the seller ZATCA_SELLER names (onboarding takes its identity from them). */
export async function zatcaSellerSettings(t: TestApp, admin: MadeUser): Promise<void> {
  const general = { platform_name: ZATCA_SELLER.name, vat_number: ZATCA_SELLER.vat_number };
  expect((await t.api('PUT', '/api/admin/settings/general', { value: general }, admin.token)).status).toBe(200);
}

/**
 * `admin` onboards the platform for ZATCA phase 2 with the fake Fatoora's one-time code, as ZATCA_SELLER (set in General
 * settings first): e-invoices from then on.
 */
export async function onboardZatca(t: TestApp, admin: MadeUser): Promise<void> {
  await zatcaSellerSettings(t, admin);
  const onboarded = await t.api('POST', '/api/admin/zatca/onboarding', { otp: '123345', seller: ZATCA_SELLER }, admin.token);
  expect(onboarded.body.status).toBe('active');
}

/** A company's tax details as "Invoice to my company" saves them to the profile; `over` replaces fields. */
export const companyDetails = (over: Record<string, unknown> = {}) => ({
  company_name: 'Harbi Logistics',
  vat_number: '300000000000003',
  cr_number: '1010123456',
  national_address: {
    building_number: '8228',
    street: 'Imam Saud',
    district: 'Al Nakheel',
    city: 'Riyadh',
    postal_code: '12382',
    additional_number: '2917',
  },
  ...over,
});

/** `who` saves a company's tax details (`over` replaces fields) to its profile: its invoices are standard from then on. */
export async function companyProfile(t: TestApp, who: MadeUser, over: Record<string, unknown> = {}): Promise<void> {
  const body = { full_name: who.user.fullName, phone: '+966 50 765 4321', locale: 'en', ...companyDetails(over) };
  const res = await t.api('PUT', '/api/auth/me', body, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
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
