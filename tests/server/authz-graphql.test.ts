import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { ZATCA_TOPICS } from '../../server/src/modules/invoices/einvoice.events.js';
import { createUser, type MadeUser } from '../support/factories.js';
import { issueCommissionInvoices } from '../../server/src/modules/invoices/commission-invoice.service.js';
import { startOfRiyadhDay } from '../../server/src/shared/marketplace.rules.js';
import { EmailVerificationToken } from '../../server/src/modules/auth/verification-token.entity.js';
import { User } from '../../server/src/modules/users/user.entity.js';
import { PasswordResetToken } from '../../server/src/modules/auth/password-reset-token.entity.js';
import { newOpaqueToken, sha256, signAccessToken } from '../../server/src/modules/auth/tokens.js';

/**
 * Who may do what over GraphQL (spec section 6): every Query and Mutation field of schema.graphql, called as a
 * visitor, a regular user, another regular user, a host, another host, an admin and a suspended user. "user" owns
 * the bookings below and "host" the listings, so "otherUser" / "otherHost" are the non-owners of the same role.
 *
 * Each cell is the outcome: 'ok' (data, no error) or the error code of the refusal. A refusal that is not a
 * permission question (BAD_USER_INPUT for booking your own listing, CONFLICT for editing a pending one) means the
 * caller got past the permission check. Rows may also say what each role must (not) see in a successful answer.
 */
type Role = 'visitor' | 'user' | 'otherUser' | 'host' | 'otherHost' | 'admin' | 'suspended';
const ROLES: Role[] = ['visitor', 'user', 'otherUser', 'host', 'otherHost', 'admin', 'suspended'];
type Cell = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT' | 'CONFLICT';
const OK = 'ok';
const U = 'UNAUTHENTICATED';
const F = 'FORBIDDEN';
const N = 'NOT_FOUND';
const B = 'BAD_USER_INPUT';
const C = 'CONFLICT';

//                       visitor user otherUser host otherHost admin suspended
const PUBLIC: Cell[] = [OK, OK, OK, OK, OK, OK, U];
const ANY_USER: Cell[] = [U, OK, OK, OK, OK, OK, U];
const ADMIN_ONLY: Cell[] = [U, F, F, F, F, OK, U];
const HOSTS: Cell[] = [U, F, F, OK, OK, OK, U];
/** The booking's user and admins; anyone else cannot tell it exists. */
const BOOKER: Cell[] = [U, OK, N, N, N, OK, U];
/** The booking's user, the listing's host and admins. */
const BOOKER_OR_HOST: Cell[] = [U, OK, N, OK, N, OK, U];
/** A commission invoice: its host and admins; another host cannot tell it exists; customers are not hosts. */
const COMMISSION_INVOICE: Cell[] = [U, F, F, OK, N, OK, U];
/** A commission credit note that does not exist: hosts and admins are told so; customers are not hosts. */
const NO_NOTE: Cell[] = [U, F, F, N, N, N, U];
/** A pending listing: its owner and admins; for anyone else it does not exist. */
const PENDING_OWNER: Cell[] = [N, N, N, OK, N, OK, U];

const VISA_OK = '4508750015741019';
const DECLINED = '4000000000000002';
const TXT = `data:text/plain;base64,${Buffer.from('Lease template\n').toString('base64')}`;

let t: TestApp;
const who = {} as Record<Exclude<Role, 'visitor'>, MadeUser>;
const fx = {
  resource: '', // active, host's
  commissionInvoice: '', // host's, issued on first use
  changed: '', // active, host's, with an edit awaiting review
  otherResource: '', // active, otherHost's
  payBooking: '', // user's unpaid booking, watched for payment attempts
  pending: '', // pending, host's
  digital: '', // active digital, host's; user has a paid booking of it
  booking: '', // user's unpaid booking of `resource`
  paidBooking: '', // user's booking of `resource`, paid by card (has an invoice)
  inquiry: '', // sent by user while logged in
  serviceBooking: '', // user's service booking
  payServiceBooking: '', // user's service booking, confirmed with a quote, unpaid
  paidServiceBooking: '', // user's service booking, confirmed and paid by card (has an invoice)
  serviceId: '',
  advisor: '', // an advisor of the compliance service
  newsletterToken: '',
  newsletterConfirmToken: '',
  target: '', // a user the admin edits
  conversation: '', // user's conversation with host about `resource`
  login: { email: '', password: '' },
};

let dayN = 3;
const DAY = 86_400_000;
/** Two Riyadh days that no other booking of this file uses. */
function nextDates() {
  const start = new Date(startOfRiyadhDay().getTime() + dayN * DAY);
  dayN += 2;
  return { startDate: start.toISOString(), endDate: new Date(start.getTime() + DAY).toISOString() };
}
let seq = 0;
const freshEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${++seq}@example.sa`;

async function sql<T = any>(q: string, params: unknown[] = []): Promise<T[]> {
  return t.app.orm.em.fork().getConnection().execute(q, params);
}

async function gqlOk<T = any>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const res = await t.gql(query, variables, token);
  if (res.errors) throw new Error(`${query}: ${JSON.stringify(res.errors)}`);
  return res.data as T;
}

const LISTING = {
  title: 'Matrix room',
  description: 'A room for the permission matrix',
  category: 'Office Space',
  price: 100,
  period: 'day',
  location: 'Riyadh',
  images: [] as string[],
};

// ---- Fresh things for mutations that change what they touch (each cell gets its own) ----
const made: { bookings: string[] } = { bookings: [] };
async function freshBooking(by: MadeUser = who.user): Promise<string> {
  const d = await gqlOk(
    `mutation($i: CreateBookingInput!) { createBooking(input: $i) { id } }`,
    { i: { resourceId: fx.resource, ...nextDates() } },
    by.token,
  );
  made.bookings.push(d.createBooking.id);
  return d.createBooking.id;
}
let pastN = 100;
/** The user's booking of `resource`, paid and completed (in the past): reviewable, and its customer rateable. */
async function freshCompleted(): Promise<string> {
  const id = await freshBooking();
  pastN += 3;
  await sql(
    `update bookings set status = 'completed', payment_status = 'paid', hold_expires_at = null,
        start_date = now() - (?::int * interval '1 day'), end_date = now() - ((? - 1)::int * interval '1 day') where id = ?`,
    [pastN, pastN, id],
  );
  return id;
}
/** A review by the user of a fresh completed booking. */
async function freshReview(): Promise<string> {
  const d = await gqlOk(
    `mutation($id: ID!) { createReview(bookingId: $id, input: { rating: 4, comment: "Matrix review, fine." }) { id } }`,
    { id: await freshCompleted() },
    who.user.token,
  );
  return d.createReview.id;
}
async function freshPending(): Promise<string> {
  const d = await gqlOk(`mutation($i: ResourceInput!) { createResource(input: $i) { id } }`, { i: LISTING }, who.host.token);
  return d.createResource.id;
}
async function freshActive(): Promise<string> {
  const id = await freshPending();
  await sql(`update resources set status = 'active' where id = ?`, [id]);
  return id;
}

/** An active listing of host's with an edit of theirs awaiting review. */
async function freshChanged(): Promise<string> {
  const id = await freshActive();
  const { description, category, price, period, location } = LISTING;
  const changes = { title: 'Matrix room (renamed)', description, category, price, period, location, tags: [], imageKeys: [] };
  await sql(`update resources set pending_changes = ?::jsonb, changes_submitted_at = now() where id = ?`, [JSON.stringify(changes), id]);
  return id;
}

const SERVICE_BOOKING = {
  serviceId: 'logistics',
  preferredDate: new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10),
  contactNumber: '0501234567',
  requirements: 'Matrix request',
};
async function bookService(by: MadeUser): Promise<string> {
  return (await gqlOk(`mutation($i: ServiceBookingInput!) { createServiceBooking(input: $i) { id } }`, { i: SERVICE_BOOKING }, by.token))
    .createServiceBooking.id;
}
/** An admin cancels a service booking (its customer hears it on serviceBookingUpdated). */
async function cancelService(id: string): Promise<string> {
  await gqlOk(
    `mutation($id: ID!) { updateServiceBooking(id: $id, input: { status: cancelled, reason: "Matrix" }) { id } }`,
    { id },
    who.admin.token,
  );
  return id;
}

async function freshResetToken(): Promise<string> {
  const em = t.app.orm.em.fork();
  const u = await createUser(t.app);
  const token = newOpaqueToken();
  em.create(PasswordResetToken, {
    user: em.getReference(User, u.user.id),
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await em.flush();
  return token;
}

async function freshVerificationToken(): Promise<string> {
  const em = t.app.orm.em.fork();
  const u = await createUser(t.app, { verified: false });
  const token = newOpaqueToken();
  em.create(EmailVerificationToken, {
    user: em.getReference(User, u.user.id),
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + DAY),
  });
  await em.flush();
  return token;
}
/** After the account's sessions were ended: a token of its new session version. */
function resession(m: MadeUser) {
  m.user.tokenVersion += 1;
  m.token = signAccessToken(m.user.id, m.user.tokenVersion, t.app.deps.env.jwtSecret, '1h');
}
/** Unpaid holds block calendars and are capped per user: release what a cell created. */
async function releaseHolds() {
  if (made.bookings.length)
    await sql(
      `update bookings set status = 'cancelled' where id in (${made.bookings.map(() => '?').join(', ')}) and payment_status <> 'paid'`,
      made.bookings,
    );
  made.bookings = [];
}

beforeAll(async () => {
  t = await createTestApp();
  who.user = await createUser(t.app);
  who.otherUser = await createUser(t.app);
  who.host = await createUser(t.app, { role: 'host_seller' });
  who.otherHost = await createUser(t.app, { role: 'host_seller' });
  who.admin = await createUser(t.app, { role: 'admin' });
  who.suspended = await createUser(t.app, { role: 'admin' });
  fx.target = (await createUser(t.app)).user.id;
  const loginUser = await createUser(t.app);
  fx.login = { email: loginUser.email, password: loginUser.password };

  fx.resource = await freshActive();
  fx.otherResource = (
    await gqlOk(`mutation($i: ResourceInput!) { createResource(input: $i) { id } }`, { i: LISTING }, who.otherHost.token)
  ).createResource.id;
  await sql(`update resources set status = 'active' where id = ?`, [fx.otherResource]);
  fx.pending = await freshPending();
  fx.changed = await freshChanged();
  const digital = await gqlOk(
    `mutation($i: ResourceInput!) { createResource(input: $i) { id } }`,
    {
      i: {
        ...LISTING,
        title: 'Lease template',
        resourceType: 'digital',
        file: TXT,
        fileFormat: 'txt',
        fileName: 'lease.txt',
        period: 'month',
      },
    },
    who.host.token,
  );
  fx.digital = digital.createResource.id;
  await sql(`update resources set status = 'active' where id = ?`, [fx.digital]);
  const bought = await gqlOk(
    `mutation($i: CreateBookingInput!) { createBooking(input: $i) { id } }`,
    { i: { resourceId: fx.digital } },
    who.user.token,
  );
  await sql(`update bookings set status = 'confirmed', payment_status = 'paid' where id = ?`, [bought.createBooking.id]);

  fx.booking = (
    await gqlOk(
      `mutation($i: CreateBookingInput!) { createBooking(input: $i) { id } }`,
      { i: { resourceId: fx.resource, ...nextDates() } },
      who.user.token,
    )
  ).createBooking.id;
  fx.payBooking = (
    await gqlOk(
      `mutation($i: CreateBookingInput!) { createBooking(input: $i) { id } }`,
      { i: { resourceId: fx.resource, ...nextDates() } },
      who.user.token,
    )
  ).createBooking.id;
  fx.paidBooking = (
    await gqlOk(
      `mutation($i: CreateBookingInput!) { createBooking(input: $i) { id } }`,
      { i: { resourceId: fx.resource, ...nextDates() } },
      who.user.token,
    )
  ).createBooking.id;
  // A VAT-registered host (agent model): its commission is invoiced, so there is a commission invoice to read.
  const profile = await t.api(
    'PUT',
    '/api/host/payout-account',
    {
      legal_name: 'Authz Co',
      commercial_registration: '1010101010',
      vat_number: '300000000000003',
      mobile: '0551234567',
      bank: 'SNB',
      iban: 'SA0380000000608010167519',
    },
    who.host.token,
  );
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  const paid = await gqlOk(
    `mutation($i: CardChargeInput!) { chargeCard(input: $i) { success error } }`,
    {
      i: {
        bookingId: fx.paidBooking,
        cardHolderName: 'Sara Al-Otaibi',
        cardNumber: VISA_OK,
        expiryMonth: '12',
        expiryYear: '39',
        cvv: '123',
      },
    },
    who.user.token,
  );
  expect(paid.chargeCard).toEqual({ success: true, error: null });

  fx.inquiry = (
    await gqlOk(
      `mutation($i: InquiryInput!) { submitInquiry(input: $i) { id } }`,
      { i: { fullName: 'Matrix User', email: who.user.email, message: 'Hello' } },
      who.user.token,
    )
  ).submitInquiry.id;
  fx.serviceId = (await gqlOk(`{ businessServices { id } }`, {})).businessServices[0].id;
  fx.serviceBooking = await bookService(who.user);
  fx.advisor = (
    await gqlOk(
      `mutation($i: AdvisorInput!) { createAdvisor(input: $i) { id } }`,
      { i: { userEmail: (await createUser(t.app)).email, displayName: 'Matrix advisor', serviceIds: ['compliance'], languages: ['en'] } },
      who.admin.token,
    )
  ).createAdvisor.id;
  for (const key of ['payServiceBooking', 'paidServiceBooking'] as const) {
    fx[key] = await bookService(who.user);
    await gqlOk(
      `mutation($id: ID!, $at: String!) { updateServiceBooking(id: $id, input: { status: confirmed, price: "100", scheduledAt: $at }) { id } }`,
      { id: fx[key], at: new Date(Date.now() + 2 * DAY).toISOString() },
      who.admin.token,
    );
  }
  const paidService = await gqlOk(
    `mutation($i: CardChargeInput!) { chargeCard(input: $i) { success error } }`,
    {
      i: {
        serviceBookingId: fx.paidServiceBooking,
        cardHolderName: 'Sara Al-Otaibi',
        cardNumber: VISA_OK,
        expiryMonth: '12',
        expiryYear: '39',
        cvv: '123',
      },
    },
    who.user.token,
  );
  expect(paidService.chargeCard).toEqual({ success: true, error: null });
  const subscribed = freshEmail('news');
  await gqlOk(`mutation($e: String!) { subscribeNewsletter(email: $e) { message } }`, { e: subscribed });
  [{ unsubscribe_token: fx.newsletterToken, confirm_token: fx.newsletterConfirmToken }] = await sql(
    `select unsubscribe_token, confirm_token from newsletter_subscribers where email = ?`,
    [subscribed],
  );

  fx.conversation = (
    await gqlOk(
      `mutation($i: StartConversationInput!) { startConversation(input: $i) { conversation { id } } }`,
      { i: { resourceId: fx.resource, body: 'Is the room free on Sunday?' } },
      who.user.token,
    )
  ).startConversation.conversation.id;

  await sql(`update users set status = 'suspended' where id = ?`, [who.suspended.user.id]);
  // Some forty operations through the real app on an embedded database: more than the default minute on a busy machine.
}, 180_000);
afterAll(async () => t?.close());

interface Row {
  /** The root field; `Mutation.x` or `Query.x` is taken from the document. */
  doc: string;
  vars?: (role: Role) => Record<string, unknown> | Promise<Record<string, unknown>>;
  expect: Cell[];
  /** For a successful answer: what this role must or must not see (a message when wrong). */
  sees?: (data: any, role: Role) => string | undefined;
  why?: string;
}

const ids = (list: Array<{ id: string }>) => list.map((x) => x.id);
const includesOnlyFor = (allowed: Role[], list: () => string[], id: () => string) => (role: Role) => {
  const has = list().includes(id());
  return has === allowed.includes(role) ? undefined : `${has ? 'sees' : 'misses'} ${id()}`;
};

const card = (bookingId: string, number = DECLINED) => ({
  i: { bookingId, cardHolderName: 'Sara Al-Otaibi', cardNumber: number, expiryMonth: '12', expiryYear: '39', cvv: '123' },
});
const RESOURCE_INPUT = { ...LISTING, title: 'Matrix room (edited)' };

/** A conversation's participants; an admin reads its messages for moderation (audited) but writes nothing. */
const PARTICIPANTS: Cell[] = [U, OK, N, OK, N, N, U];
const PARTICIPANTS_ADMIN_READS: Cell[] = [U, OK, N, OK, N, OK, U];
const PARTICIPANTS_ADMIN_REFUSED: Cell[] = [U, OK, N, OK, N, F, U];

const QUERIES: Row[] = [
  {
    doc: `{ myConversations { items { id } } }`,
    expect: ANY_USER,
    sees: (d, role) =>
      includesOnlyFor(
        ['user', 'host'],
        () => ids(d.myConversations.items),
        () => fx.conversation,
      )(role),
  },
  { doc: `query($id: ID!) { conversation(id: $id) { id } }`, vars: () => ({ id: fx.conversation }), expect: PARTICIPANTS },
  {
    doc: `query($id: ID!) { conversationForResource(resourceId: $id) { id } }`,
    vars: () => ({ id: fx.resource }),
    expect: ANY_USER,
    why: "each caller's own conversation about the listing, or null",
    sees: (d, role) => ((d.conversationForResource?.id === fx.conversation) === (role === 'user') ? undefined : 'wrong conversation'),
  },
  {
    doc: `query($id: ID!) { conversationMessages(id: $id) { total } }`,
    vars: () => ({ id: fx.conversation }),
    expect: PARTICIPANTS_ADMIN_READS,
  },
  { doc: `{ unreadMessagesCount }`, expect: ANY_USER },
  { doc: `{ adminAnalytics { period } }`, expect: ADMIN_ONLY },
  { doc: `{ hostAnalytics { period } }`, expect: HOSTS },
  { doc: `{ adminResources { total } }`, expect: ADMIN_ONLY },
  {
    doc: `{ adminResourceChanges { id } }`,
    expect: ADMIN_ONLY,
    sees: (d) => (ids(d.adminResourceChanges).includes(fx.changed) ? undefined : `misses ${fx.changed}`),
  },
  { doc: `{ adminSettings { general { platformName } myfatoorah { apiKeySet } } }`, expect: ADMIN_ONLY },
  { doc: `{ adminStats { totalUsers } }`, expect: ADMIN_ONLY },
  { doc: `{ marketplaceSettings { commissionPercent } }`, expect: ADMIN_ONLY },
  { doc: `{ adminPayments(status: paid) { total items { id amountHalalas } } }`, expect: ADMIN_ONLY },
  { doc: `{ adminHeldBalances { hostId heldHalalas payable } }`, expect: ADMIN_ONLY },
  {
    doc: `query($id: ID!) { adminPayment(id: $id) { payment { id } timeline { kind } } }`,
    vars: async () => ({
      id: (
        await t.app.orm.em
          .fork()
          .getConnection()
          .execute(`select id from payments where booking_id = ? and status = 'paid'`, [fx.paidBooking])
      )[0].id,
    }),
    expect: ADMIN_ONLY,
  },
  { doc: `{ zatcaStatus { status documents { status count } } }`, expect: ADMIN_ONLY },
  { doc: `{ payoutAccount { supplierStatus } }`, expect: HOSTS },
  { doc: `{ hostEarnings { gross net } }`, expect: HOSTS },
  { doc: `{ hostCommissionInvoices { id invoiceNumber } }`, expect: HOSTS },
  { doc: `{ hostCommissionCreditNotes { id creditNoteNumber } }`, expect: HOSTS },
  {
    // No such note: a host or admin is told it does not exist (one note's readers: commission-invoices.test.ts).
    doc: `query($id: String!) { hostCommissionCreditNote(id: $id) { id } }`,
    vars: async () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    expect: NO_NOTE,
  },
  {
    doc: `query($id: String!) { hostCommissionInvoice(id: $id) { id total } }`,
    vars: async () => {
      // The host's invoice for this month's paid booking, as the monthly pass issues it once the month has ended.
      if (!fx.commissionInvoice) {
        await issueCommissionInvoices(t.app.deps, new Date(Date.now() + 40 * 86_400_000));
        const [row] = await t.app.orm.em
          .fork()
          .getConnection()
          .execute(`select id from commission_invoices where host_id = ?`, [who.host.user.id]);
        fx.commissionInvoice = row.id;
      }
      return { id: fx.commissionInvoice };
    },
    expect: COMMISSION_INVOICE,
  },
  {
    doc: `{ exportMyData }`,
    expect: ANY_USER,
    sees: (d, role) =>
      JSON.parse(d.exportMyData).profile?.email === who[role as Exclude<Role, 'visitor'>].user.email ? undefined : 'exports someone else',
  },
  { doc: `{ adminUsers { total } }`, expect: ADMIN_ONLY },
  { doc: `{ auditLog { total } }`, expect: ADMIN_ONLY },
  { doc: `query($id: ID!) { booking(id: $id) { id } }`, vars: () => ({ id: fx.booking }), expect: BOOKER_OR_HOST },
  {
    doc: `query($id: String!) { bookingInvoice(bookingId: $id) { invoiceNumber } }`,
    vars: () => ({ id: fx.paidBooking }),
    expect: BOOKER_OR_HOST,
  },
  {
    doc: `query($id: String!) { cancellationQuote(bookingId: $id) { refundAmount } }`,
    vars: () => ({ id: fx.paidBooking }),
    expect: BOOKER_OR_HOST,
  },
  {
    doc: `query($id: String!) { bookingCreditNotes(bookingId: $id) { creditNoteNumber } }`,
    vars: () => ({ id: fx.paidBooking }),
    expect: BOOKER,
    why: 'credit notes carry the buyer’s details: the buyer and admins only',
  },
  {
    doc: `query($id: String!) { bookingPayments(bookingId: $id) { id } }`,
    vars: () => ({ id: fx.paidBooking }),
    expect: BOOKER,
    why: 'attempts carry card details: not for the host',
  },
  {
    doc: `{ bookings { id } }`,
    expect: ANY_USER,
    sees: (d, role) =>
      includesOnlyFor(
        ['user', 'host', 'admin'],
        () => ids(d.bookings),
        () => fx.booking,
      )(role),
  },
  {
    doc: `query($id: ID!) { resourceReviews(resourceId: $id) { total items { id } } }`,
    vars: () => ({ id: fx.resource }),
    expect: PUBLIC,
  },
  { doc: `{ adminReviews { total items { id hidden hiddenReason } } }`, expect: ADMIN_ONLY },
  { doc: `{ myFavorites { total items { id } } }`, expect: ANY_USER },
  { doc: `{ myFavoriteIds }`, expect: ANY_USER },
  { doc: `{ myNotifications { total unreadCount items { id kind } } }`, expect: ANY_USER },
  { doc: `{ notificationPreferences { kind email } }`, expect: ANY_USER },
  {
    doc: `query($id: ID!) { customerRating(bookingId: $id) { average count } }`,
    vars: async () => ({ id: await freshCompleted() }),
    expect: [U, F, N, OK, N, OK, U],
  },
  { doc: `query($id: ID!) { businessService(id: $id) { id } }`, vars: () => ({ id: fx.serviceId }), expect: PUBLIC },
  { doc: `{ businessServices { id } }`, expect: PUBLIC },
  { doc: `{ emailVerificationStatus { emailVerified } }`, expect: ANY_USER },
  { doc: `{ inquiries { id } }`, expect: ADMIN_ONLY },
  { doc: `{ inquiryStats { total } }`, expect: ADMIN_ONLY },
  {
    doc: `{ me { id } }`,
    expect: ANY_USER,
    sees: (d, role) => (d.me.id === who[role as Exclude<Role, 'visitor'>].user.id ? undefined : 'someone else'),
  },
  {
    doc: `{ myBookings { id } }`,
    expect: ANY_USER,
    sees: (d, role) =>
      includesOnlyFor(
        ['user'],
        () => ids(d.myBookings),
        () => fx.booking,
      )(role),
  },
  {
    doc: `{ myInquiries { id } }`,
    expect: ANY_USER,
    sees: (d, role) =>
      includesOnlyFor(
        ['user'],
        () => ids(d.myInquiries),
        () => fx.inquiry,
      )(role),
  },
  {
    doc: `{ myServiceBookings { id } }`,
    expect: ANY_USER,
    sees: (d, role) =>
      includesOnlyFor(
        ['user'],
        () => ids(d.myServiceBookings),
        () => fx.serviceBooking,
      )(role),
  },
  { doc: `query($id: ID!) { serviceBooking(id: $id) { id } }`, vars: () => ({ id: fx.serviceBooking }), expect: BOOKER },
  {
    doc: `query($id: String!) { serviceBookingInvoice(serviceBookingId: $id) { invoiceNumber } }`,
    vars: () => ({ id: fx.paidServiceBooking }),
    expect: BOOKER,
  },
  { doc: `{ advisors { id } }`, expect: ADMIN_ONLY },
  { doc: `{ serviceAdvisors(serviceId: "compliance") { id displayName } }`, expect: PUBLIC },
  { doc: `{ serviceSlots(serviceId: "compliance") { hasAdvisors } }`, expect: PUBLIC },
  {
    doc: `{ serviceBookings { id } }`,
    expect: ADMIN_ONLY,
    sees: (d) => (ids(d.serviceBookings).includes(fx.serviceBooking) ? undefined : `misses ${fx.serviceBooking}`),
  },
  {
    doc: `{ myResources { id } }`,
    expect: HOSTS,
    sees: (d, role) =>
      includesOnlyFor(
        ['host'],
        () => ids(d.myResources),
        () => fx.pending,
      )(role),
  },
  {
    doc: `query($t: String!) { newsletterSubscription(token: $t) { email } }`,
    vars: () => ({ t: fx.newsletterToken }),
    expect: PUBLIC,
    why: 'the token is the credential',
  },
  { doc: `query($id: String!) { paymentEligibility(bookingId: $id) { canPay } }`, vars: () => ({ id: fx.booking }), expect: BOOKER },
  {
    doc: `query($id: String!) { paymentEligibility(serviceBookingId: $id) { canPay } }`,
    vars: () => ({ id: fx.payServiceBooking }),
    expect: [U, OK, N, N, N, F, U],
    why: 'only its customer pays a service booking; an admin sees it but may not pay it',
  },
  { doc: `{ platformInfo { platformName } }`, expect: PUBLIC },
  { doc: `{ publicStats { activeResources } }`, expect: PUBLIC },
  { doc: `query($id: ID!) { resource(id: $id) { id } }`, vars: () => ({ id: fx.resource }), expect: PUBLIC },
  { doc: `query($id: ID!) { resource(id: $id) { id } }`, vars: () => ({ id: fx.pending }), expect: PENDING_OWNER },
  {
    doc: `query($id: ID!) { resource(id: $id) { pendingChanges { title } changesRejectionReason } }`,
    vars: () => ({ id: fx.changed }),
    expect: PUBLIC,
    why: "a host's edit awaiting review is theirs and the admins' to see",
    sees: (d, role) =>
      !!d.resource.pendingChanges === ['host', 'admin'].includes(role)
        ? undefined
        : `pendingChanges ${JSON.stringify(d.resource.pendingChanges)}`,
  },
  { doc: `query($id: ID!) { resourceBusyRanges(resourceId: $id) { startDate } }`, vars: () => ({ id: fx.resource }), expect: PUBLIC },
  { doc: `query($id: ID!) { resourceBusyRanges(resourceId: $id) { startDate } }`, vars: () => ({ id: fx.pending }), expect: PENDING_OWNER },
  { doc: `{ resourceStatusCounts { total } }`, expect: ADMIN_ONLY },
  {
    doc: `query($id: ID!) { resourceAvailability(resourceId: $id) { icsUrl } }`,
    vars: () => ({ id: fx.resource }),
    expect: [U, F, F, OK, F, OK, U],
    why: "the listing's owner and admins; others see the listing (403)",
  },
  {
    doc: `query($id: ID!) { resourceAvailability(resourceId: $id) { icsUrl } }`,
    vars: () => ({ id: fx.pending }),
    expect: [U, N, N, OK, N, OK, U],
  },
  {
    doc: `query($f: ResourceFilterInput) { resources(filter: $f) { items { id status } } }`,
    vars: () => ({ f: { status: 'pending', pageSize: 50 } }),
    expect: PUBLIC,
    why: 'the marketplace shows active listings only, whatever the filter says',
    sees: (d) => (d.resources.items.some((r: { status: string }) => r.status !== 'active') ? 'a listing that is not active' : undefined),
  },
];

const MUTATIONS: Row[] = [
  {
    doc: `mutation($i: StartConversationInput!) { startConversation(input: $i) { created } }`,
    vars: () => ({ i: { resourceId: fx.resource, body: 'Matrix question' } }),
    expect: [U, OK, OK, B, OK, OK, U],
    why: 'anyone signed in may ask a host; the host cannot ask themselves',
  },
  {
    doc: `mutation($id: ID!) { sendMessage(conversationId: $id, body: "Matrix reply") { id } }`,
    vars: () => ({ id: fx.conversation }),
    expect: PARTICIPANTS_ADMIN_REFUSED,
  },
  {
    doc: `mutation($id: ID!) { markConversationRead(id: $id) { unreadCount } }`,
    vars: () => ({ id: fx.conversation }),
    expect: PARTICIPANTS_ADMIN_REFUSED,
  },
  {
    doc: `mutation($id: ID!) { adminUpdateUser(id: $id, input: { role: regular }) { id } }`,
    vars: () => ({ id: fx.target }),
    expect: ADMIN_ONLY,
  },
  {
    doc: `mutation($id: ID!) { approveResource(id: $id) { status } }`,
    vars: async () => ({ id: await freshPending() }),
    expect: ADMIN_ONLY,
  },
  {
    doc: `mutation($id: ID!) { approveResourceChanges(id: $id) { title } }`,
    vars: async () => ({ id: await freshChanged() }),
    expect: ADMIN_ONLY,
  },
  {
    doc: `mutation($id: ID!) { createReview(bookingId: $id, input: { rating: 5, comment: "Matrix review text" }) { id } }`,
    vars: async () => ({ id: await freshCompleted() }),
    expect: [U, OK, N, F, N, F, U],
    why: "only the booking's customer reviews it; the host and admins see it but may not",
  },
  {
    doc: `mutation($id: ID!) { replyToReview(reviewId: $id, text: "Thank you") { reply } }`,
    vars: async () => ({ id: await freshReview() }),
    expect: [U, F, F, OK, F, F, U],
    why: "only the listing's owner answers",
  },
  {
    doc: `mutation($id: ID!) { addFavorite(resourceId: $id) }`,
    vars: () => ({ id: fx.resource }),
    expect: ANY_USER,
  },
  {
    doc: `mutation($id: ID!) { addFavorite(resourceId: $id) }`,
    vars: () => ({ id: fx.pending }),
    expect: [U, N, N, N, N, N, U],
    why: 'only listings on the marketplace can be saved, even by their owner or an admin',
  },
  {
    doc: `mutation($id: ID!) { setResourceAvailability(resourceId: $id, input: { blocked: [] }) { icsUrl } }`,
    vars: () => ({ id: fx.resource }),
    expect: [U, F, F, OK, F, OK, U],
    why: "the listing's owner and admins; others see the listing but may not change its calendar",
  },
  {
    doc: `mutation($id: ID!) { setResourceAvailability(resourceId: $id, input: { blocked: [] }) { icsUrl } }`,
    vars: () => ({ id: fx.pending }),
    expect: [U, N, N, OK, N, OK, U],
    why: 'a listing others cannot see is not found',
  },
  {
    doc: `mutation($id: ID!) { rotateResourceCalendarFeed(resourceId: $id) { icsUrl } }`,
    vars: () => ({ id: fx.resource }),
    expect: [U, F, F, OK, F, OK, U],
  },
  {
    doc: `mutation($id: ID!) { removeFavorite(resourceId: $id) }`,
    vars: () => ({ id: fx.resource }),
    expect: ANY_USER,
  },
  { doc: `mutation { markNotificationsRead(all: true) }`, expect: ANY_USER },
  { doc: `mutation { setNotificationPreferences(email: [{ kind: "booking_new", email: true }]) { kind email } }`, expect: ANY_USER },
  {
    doc: `mutation($id: ID!) { hideReview(reviewId: $id, reason: "Matrix") { hidden } }`,
    vars: async () => ({ id: await freshReview() }),
    expect: ADMIN_ONLY,
  },
  {
    doc: `mutation($id: ID!) { rateCustomer(bookingId: $id, input: { rating: 4 }) { myRating } }`,
    vars: async () => ({ id: await freshCompleted() }),
    expect: [U, F, N, OK, N, F, U],
    why: 'the private rating of a customer: never by or to the customer',
  },
  {
    doc: `mutation($id: ID!) { cancelBooking(id: $id) { status } }`,
    vars: async () => ({ id: await freshBooking() }),
    expect: BOOKER_OR_HOST,
    why: 'the listing’s host may cancel a guest’s booking (issue #24: with a full refund when paid)',
  },
  {
    doc: `mutation($i: CardChargeInput!) { chargeCard(input: $i) { success } }`,
    vars: async () => card(await freshBooking()),
    expect: BOOKER,
  },
  {
    doc: `mutation($b: String!, $p: String!) { confirmPayment(bookingId: $b, paymentId: $p) { status } }`,
    vars: async () => ({ b: await freshBooking(), p: '999999' }),
    // Past the ownership check the gateway is asked about a payment that does not exist.
    expect: [U, B, N, N, N, B, U],
  },
  {
    doc: `mutation($i: CreateBookingInput!) { createBooking(input: $i) { id } }`,
    vars: () => ({ i: { resourceId: fx.resource, ...nextDates() } }),
    expect: [U, OK, OK, B, OK, OK, U],
    why: 'the host may not book their own listing',
    sees: (d) => void made.bookings.push(d.createBooking.id),
  },
  {
    doc: `mutation($i: CreateBookingInput!) { createBooking(input: $i) { id } }`,
    vars: () => ({ i: { resourceId: fx.pending, ...nextDates() } }),
    expect: [U, N, N, B, N, B, U],
    why: 'a pending listing cannot be booked; only its owner and admins learn that it exists',
  },
  {
    doc: `mutation($i: ChangePasswordInput!) { changePassword(input: $i) { accessToken } }`,
    vars: () => ({ i: { currentPassword: 'not-the-password', newPassword: 'matrix-Passw0rd' } }),
    expect: [U, B, B, B, B, B, U],
    why: 'past the permission check a wrong current password is refused (the success path: account-security.test.ts)',
  },
  { doc: `mutation($i: ResourceInput!) { createResource(input: $i) { id } }`, vars: () => ({ i: LISTING }), expect: HOSTS },
  {
    doc: `mutation($i: ServiceBookingInput!) { createServiceBooking(input: $i) { id } }`,
    vars: () => ({ i: SERVICE_BOOKING }),
    expect: ANY_USER,
  },
  {
    doc: `mutation($id: ID!) { updateServiceBooking(id: $id, input: { status: confirmed, price: "1500", scheduledAt: "2030-01-01T10:00:00+03:00" }) { status } }`,
    vars: async () => ({ id: await bookService(who.user) }),
    expect: ADMIN_ONLY,
  },
  {
    doc: `mutation($i: AdvisorInput!) { createAdvisor(input: $i) { id } }`,
    vars: async (role) => ({
      i: {
        userEmail: role === 'admin' ? (await createUser(t.app)).email : 'nobody@example.sa',
        displayName: 'Matrix',
        serviceIds: ['compliance'],
        languages: ['en'],
      },
    }),
    expect: ADMIN_ONLY,
  },
  {
    doc: `mutation($id: ID!) { updateAdvisor(id: $id, input: { displayName: "Matrix advisor" }) { id } }`,
    vars: () => ({ id: fx.advisor }),
    expect: ADMIN_ONLY,
  },
  {
    doc: `mutation($id: ID!) { cancelMyServiceBooking(id: $id) { status } }`,
    // Only the customer's own call succeeds, so only it needs a fresh booking (a customer may hold 10 pending).
    vars: async (role) => ({ id: role === 'user' ? await bookService(who.user) : fx.serviceBooking }),
    expect: [U, OK, N, N, N, F, U],
    why: 'only its customer; admins cancel through updateServiceBooking',
  },
  {
    doc: `mutation($id: ID!, $i: RescheduleServiceBookingInput!) { rescheduleServiceBooking(id: $id, input: $i) { status } }`,
    vars: () => ({ id: fx.serviceBooking, i: { preferredDate: SERVICE_BOOKING.preferredDate } }),
    expect: [U, OK, N, N, N, F, U],
    why: 'only its customer; admins confirm a new time through updateServiceBooking',
  },
  {
    doc: `mutation($id: ID!) { createServiceBookingFromInquiry(inquiryId: $id, input: { contactNumber: "0551234567" }) { id } }`,
    vars: async (role) => ({
      id:
        role === 'admin'
          ? (
              await gqlOk(`mutation($i: InquiryInput!) { submitInquiry(input: $i) { id } }`, {
                i: {
                  serviceType: 'legal_consultancy',
                  fullName: 'Matrix Sender',
                  email: who.otherUser.user.email,
                  message: 'A consultation',
                  preferredDate: SERVICE_BOOKING.preferredDate,
                },
              })
            ).submitInquiry.id
          : fx.inquiry,
    }),
    expect: ADMIN_ONLY,
  },
  {
    doc: `mutation($id: ID!) { deleteResource(id: $id) }`,
    vars: async () => ({ id: await freshActive() }),
    expect: [U, F, F, OK, F, OK, U],
  },
  {
    doc: `mutation($id: ID!) { deleteResource(id: $id) }`,
    vars: async () => ({ id: await freshPending() }),
    expect: [U, N, N, OK, N, OK, U],
  },
  {
    doc: `mutation($i: ChangeEmailInput!) { requestEmailChange(input: $i) { message } }`,
    vars: () => ({ i: { currentPassword: 'not-the-password', newEmail: freshEmail('moved') } }),
    expect: [U, B, B, B, B, B, U],
    why: 'past the permission check a wrong current password is refused (the success path: account-email.test.ts)',
  },
  {
    doc: `mutation { confirmEmailChange(token: "no-such-link") { id } }`,
    expect: [B, B, B, B, B, B, U],
    why: 'the link is the credential: an unknown one is refused for everyone (the success path: account-email.test.ts)',
  },
  {
    doc: `mutation { deleteAccount(password: "not-the-password") { message } }`,
    expect: [U, B, B, B, B, B, U],
    why: 'past the permission check a wrong password is refused (the success path: account-delete.test.ts)',
  },
  { doc: `mutation($e: String!) { forgotPassword(email: $e) { message } }`, vars: () => ({ e: freshEmail('forgot') }), expect: PUBLIC },
  {
    doc: `mutation($id: String!) { startPaymentSession(bookingId: $id) { sessionId } }`,
    vars: async () => ({ id: await freshBooking() }),
    expect: BOOKER,
  },
  {
    doc: `mutation($id: String!, $s: String!) { executePaymentSession(bookingId: $id, sessionId: $s) { status } }`,
    vars: async () => ({ id: await freshBooking(), s: 'ab'.repeat(16) }),
    expect: [U, C, N, N, N, C, U],
    why: 'past the ownership check a session not handed to the caller for this booking is refused',
  },
  {
    doc: `mutation($id: String!) { initiatePayment(bookingId: $id) { success } }`,
    vars: async () => ({ id: await freshBooking() }),
    expect: BOOKER,
  },
  { doc: `mutation($i: LoginInput!) { login(input: $i) { accessToken } }`, vars: () => ({ i: fx.login }), expect: PUBLIC },
  {
    doc: `mutation { logoutAll { message } }`,
    expect: ANY_USER,
    why: 'ends only the caller’s own sessions',
    // The caller's token stops working: the rest of the table goes on with a token of the new session.
    sees: (_d, role) => void resession(who[role as Exclude<Role, 'visitor'>]),
  },
  {
    doc: `mutation($i: RegisterInput!) { register(input: $i) { accessToken } }`,
    vars: () => ({ i: { email: freshEmail('reg'), password: 'riyadh-2026', fullName: 'New Person' } }),
    expect: PUBLIC,
  },
  {
    doc: `mutation($i: RegisterInput!) { register(input: $i) { user { role } } }`,
    vars: () => ({ i: { email: freshEmail('reg'), password: 'riyadh-2026', fullName: 'Would-be Admin', accountType: 'admin' } }),
    expect: [B, B, B, B, B, B, U],
    why: 'nobody can register as an admin',
  },
  {
    doc: `mutation($t: String!) { resetPassword(token: $t, password: "matrix-Passw0rd") { message } }`,
    vars: () => freshResetToken().then((t) => ({ t })),
    expect: PUBLIC,
    why: 'the token is the credential',
  },
  {
    doc: `mutation($id: ID!) { rejectResource(id: $id, reason: "Blurry") { status } }`,
    vars: async () => ({ id: await freshPending() }),
    expect: ADMIN_ONLY,
  },
  {
    doc: `mutation($id: ID!) { rejectResourceChanges(id: $id, reason: "Blurry") { title } }`,
    vars: async () => ({ id: await freshChanged() }),
    expect: ADMIN_ONLY,
  },
  { doc: `mutation($e: String) { resendVerification(email: $e) { message } }`, vars: () => ({ e: freshEmail('resend') }), expect: PUBLIC },
  {
    doc: `mutation($id: ID!) { resourceDownloadLink(id: $id) { url } }`,
    vars: () => ({ id: fx.digital }),
    expect: [U, OK, F, OK, F, OK, U],
    why: 'owner, admins and buyers',
  },
  {
    doc: `mutation($i: InquiryInput!) { submitInquiry(input: $i) { id } }`,
    vars: () => ({ i: { fullName: 'Someone', email: 'someone@example.sa', message: 'Hello' } }),
    expect: PUBLIC,
  },
  {
    doc: `mutation($t: String!) { confirmNewsletter(token: $t) { subscribed } }`,
    vars: () => ({ t: fx.newsletterConfirmToken }),
    expect: PUBLIC,
    why: 'the token is the credential',
  },
  { doc: `mutation($e: String!) { subscribeNewsletter(email: $e) { message } }`, vars: () => ({ e: freshEmail('sub') }), expect: PUBLIC },
  { doc: `mutation { testAiChat(message: "hi") { success } }`, expect: ADMIN_ONLY },
  {
    doc: `mutation($t: String!) { unsubscribeNewsletter(token: $t) { subscribed } }`,
    vars: () => ({ t: fx.newsletterToken }),
    expect: PUBLIC,
    why: 'the token is the credential',
  },
  { doc: `mutation { updateAiChatSettings(input: { enabled: false }) { enabled } }`, expect: ADMIN_ONLY },
  { doc: `mutation { updateGeneralSettings(input: { platformName: "Mawarid" }) { platformName } }`, expect: ADMIN_ONLY },
  { doc: `mutation { updateMarketplaceSettings(input: { commissionPercent: 10 }) { commissionPercent } }`, expect: ADMIN_ONLY },
  // Past the permission check an unknown refund is not found (the retry itself: finance.test.ts).
  {
    doc: `mutation { retryRefund(refundId: "00000000-0000-4000-8000-000000000000") { payment { id } } }`,
    expect: [U, F, F, F, F, N, U],
  },
  // Past the permission check an unknown host is not found (the transfer itself: held-payouts.test.ts).
  {
    doc: `mutation { payHeldBalance(hostId: "00000000-0000-4000-8000-000000000000", amountHalalas: 100) { id } }`,
    expect: [U, F, F, F, F, N, U],
  },
  // Past the permission check an unknown transfer is not found (resolving itself: held-payouts.test.ts).
  {
    doc: `mutation { resolveHeldPayout(id: "00000000-0000-4000-8000-000000000000", outcome: "not_sent", reason: "Not in the portal") { id } }`,
    expect: [U, F, F, F, F, N, U],
  },
  {
    // ZATCA_ENV is unset here: an admin is told e-invoicing is off; onboarding itself: tests/server/zatca.test.ts.
    doc: `mutation { onboardZatca(input: { otp: "123345", seller: { name: "M", vatNumber: "310122393500003", crn: "1010010000", street: "S", building: "1234", district: "D", city: "C", postalCode: "12211", branch: "B", industry: "I" } }) { status } }`,
    expect: [U, F, F, F, F, B, U],
  },
  // ZATCA_ENV is unset here: renewal is refused as off; the renewal itself: tests/server/zatca.test.ts.
  { doc: `mutation { renewZatcaCsid(otp: "123345") { status } }`, expect: [U, F, F, F, F, B, U] },
  // Past the permission check an unknown document is not found (the resubmission itself: tests/server/zatca.test.ts).
  {
    doc: `mutation { resubmitZatcaDocument(id: "00000000-0000-4000-8000-000000000000") { id } }`,
    expect: [U, F, F, F, F, N, U],
  },
  {
    doc: `mutation { savePayoutAccount(input: { legalName: "Matrix Co", commercialRegistration: "1010101010", mobile: "0551234567", bank: "SNB", iban: "SA0380000000608010167519" }) { supplierStatus } }`,
    expect: HOSTS,
  },
  {
    doc: `mutation($id: ID!) { updateInquiryStatus(id: $id, status: in_progress) { status } }`,
    vars: () => ({ id: fx.inquiry }),
    expect: ADMIN_ONLY,
  },
  { doc: `mutation { updateMyFatoorahSettings(input: { testMode: true }) { testMode } }`, expect: ADMIN_ONLY },
  {
    doc: `mutation { updateProfile(input: { fullName: "Matrix Person" }) { id } }`,
    expect: ANY_USER,
    sees: (d, role) => (d.updateProfile.id === who[role as Exclude<Role, 'visitor'>].user.id ? undefined : 'changed someone else'),
  },
  {
    doc: `mutation($id: ID!, $i: ResourceInput!) { updateResource(id: $id, input: $i) { id } }`,
    vars: async () => ({ id: await freshActive(), i: RESOURCE_INPUT }),
    expect: [U, F, F, OK, F, OK, U],
    why: "a listing each: the host's edit waits for review, and an admin may not edit over it",
  },
  {
    doc: `mutation($id: ID!, $i: ResourceInput!) { updateResource(id: $id, input: $i) { id } }`,
    vars: () => ({ id: fx.pending, i: RESOURCE_INPUT }),
    expect: [U, N, N, C, N, C, U],
    why: 'only active listings are edited; a pending one exists only for its owner and admins',
  },
  {
    doc: `mutation($t: String!) { verifyEmail(token: $t) { emailVerified } }`,
    vars: () => freshVerificationToken().then((t) => ({ t })),
    expect: PUBLIC,
    why: 'the token is the credential',
  },
];

const fieldOf = (doc: string) => /\{\s*(\w+)/.exec(doc.replace(/^[^{]*\(.*?\)\s*/, ''))![1];
const kindOf = (doc: string): 'Query' | 'Mutation' => (doc.trimStart().startsWith('mutation') ? 'Mutation' : 'Query');

function outcome(res: { data?: any; errors?: any[]; status: number }): Cell | string {
  if (res.errors?.length) return String(res.errors[0].extensions?.code ?? `HTTP ${res.status}`);
  return res.data ? OK : `HTTP ${res.status}`;
}

async function runMatrix(rows: Row[]): Promise<string[]> {
  const unexpected: string[] = [];
  for (const row of rows) {
    for (const [i, role] of ROLES.entries()) {
      const vars = (await row.vars?.(role)) ?? {};
      const token = role === 'visitor' ? undefined : who[role].token;
      const res = await t.gql(row.doc, vars, token);
      const got = outcome(res);
      const want = row.expect[i];
      const label = `${kindOf(row.doc)}.${fieldOf(row.doc)} ${JSON.stringify(vars).slice(0, 60)} as ${role}`;
      if (got !== want) unexpected.push(`${label}: expected ${want}, got ${got} ${JSON.stringify(res.errors?.[0]?.message ?? '')}`);
      else if (got === OK && row.sees) {
        const wrong = row.sees(res.data, role);
        if (wrong) unexpected.push(`${label}: ${wrong}`);
      }
      await releaseHolds();
    }
  }
  return unexpected;
}

describe('authorization matrix (GraphQL)', () => {
  it('has a row for every Query, Mutation and Subscription field of the schema', () => {
    const schema: GraphQLSchema = buildSchema(readFileSync('schema.graphql', 'utf8'));
    const missing = (type: 'Query' | 'Mutation', rows: Row[]) => {
      const covered = new Set(rows.map((r) => fieldOf(r.doc)));
      return Object.keys(schema.getType(type) ? (schema.getType(type) as any).getFields() : {})
        .filter((f) => !covered.has(f))
        .map((f) => `${type}.${f}`);
    };
    const subs = Object.keys(schema.getSubscriptionType()!.getFields())
      .filter((f) => !(f in SUBSCRIPTIONS))
      .map((f) => `Subscription.${f}`);
    expect([...missing('Query', QUERIES), ...missing('Mutation', MUTATIONS), ...subs]).toEqual([]);
    for (const r of QUERIES) expect(kindOf(r.doc)).toBe('Query');
    for (const r of MUTATIONS) expect(kindOf(r.doc)).toBe('Mutation');
  });

  it('answers every query as the table says', async () => {
    expect(await runMatrix(QUERIES)).toEqual([]);
  });

  // Each cell that changes something makes its own listing or booking first, and several hash a password
  // (argon2id, 64 MiB): minutes on a loaded machine.
  it('answers every mutation as the table says', async () => {
    expect(await runMatrix(MUTATIONS)).toEqual([]);
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Subscriptions. A cell is 'refused' (the connection or the subscription is refused: nothing can arrive),
// 'receives' (the event arrives) or 'nothing' (subscribed, but the event never arrives). "Never" is shown without
// waiting on a clock: after the event, the subscriber gets an event of its own (a sentinel) on the same
// subscription; events reach a subscriber in order, so once the sentinel is there the other one is not coming.
// ---------------------------------------------------------------------------------------------------------------
type Sub = 'refused' | 'receives' | 'nothing';
const R: Sub = 'refused';
const YES: Sub = 'receives';
const NO: Sub = 'nothing';
const ADMIN_FEED: Sub[] = [R, R, R, R, R, YES, R];

interface SubRow {
  doc: string;
  vars?: () => Record<string, unknown>;
  expect: Sub[];
  /** Causes the event under test; returns the key it will arrive with. */
  target: () => Promise<string>;
  /** For a 'nothing' cell: an event this role may receive on this subscription (its key). */
  sentinel?: (role: Role) => Promise<string>;
  key: (data: any) => string;
}

const gqlAs = (m: MadeUser, doc: string, vars: Record<string, unknown> = {}) => gqlOk(doc, vars, m.token);
let n = 0;
const bookAs = async (m: MadeUser, resourceId: string) => {
  const d = await gqlAs(m, `mutation($i: CreateBookingInput!) { createBooking(input: $i) { id } }`, { i: { resourceId, ...nextDates() } });
  made.bookings.push(d.createBooking.id);
  return d.createBooking.id as string;
};
const renameAs = async (m: MadeUser, prefix: string) => {
  const name = `${prefix} ${++n}`;
  await gqlAs(m, `mutation($n: String!) { updateProfile(input: { fullName: $n }) { id } }`, { n: name });
  return name;
};
const newInquiry = async () =>
  (
    await gqlOk(`mutation($i: InquiryInput!) { submitInquiry(input: $i) { id } }`, {
      i: { fullName: 'Live Person', email: 'live@example.sa', message: 'Hello' },
    })
  ).submitInquiry.id as string;
const approve = async (id: string) => {
  await gqlAs(who.admin, `mutation($id: ID!) { approveResource(id: $id) { id } }`, { id });
  return id;
};
const listAs = async (m: MadeUser) =>
  (await gqlAs(m, `mutation($i: ResourceInput!) { createResource(input: $i) { id } }`, { i: LISTING })).createResource.id as string;

/** Conversations made for the messageAdded row: `customer`'s about `resource`, started once. */
const convos = new Map<string, string>();
async function convoOf(customer: MadeUser, resource: string): Promise<string> {
  const k = `${customer.user.id}:${resource}`;
  if (!convos.has(k)) {
    const d = await gqlAs(customer, `mutation($i: StartConversationInput!) { startConversation(input: $i) { conversation { id } } }`, {
      i: { resourceId: resource, body: 'Hello' },
    });
    convos.set(k, d.startConversation.conversation.id);
  }
  return convos.get(k)!;
}
const say = async (from: MadeUser, conversationId: string) =>
  (await gqlAs(from, `mutation($id: ID!) { sendMessage(conversationId: $id, body: "Live") { id } }`, { id: conversationId })).sendMessage
    .id as string;

/** A listing of `m`, uniquely titled, approved: its owner's listing_approved notification, keyed by the title. */
const approvedListingOf = async (m: MadeUser) => {
  const title = `Notified ${++n}`;
  const id = (await gqlAs(m, `mutation($i: ResourceInput!) { createResource(input: $i) { id } }`, { i: { ...LISTING, title } }))
    .createResource.id as string;
  await approve(id);
  return `listing_approved:${title}`;
};
/** The host answers `customer` about a fresh listing: the customer's message_new notification, keyed by its title. */
const hostAnswers = async (customer: MadeUser) => {
  const title = `Notified ${++n}`;
  const id = (await gqlAs(who.host, `mutation($i: ResourceInput!) { createResource(input: $i) { id } }`, { i: { ...LISTING, title } }))
    .createResource.id as string;
  await approve(id);
  await say(who.host, await convoOf(customer, id));
  return `message_new:${title}`;
};

const SUBSCRIPTIONS: Record<string, SubRow> = {
  notificationAdded: {
    // Its recipient only (here the host whose listing was approved).
    doc: `subscription { notificationAdded { kind params { resourceTitle } } }`,
    expect: [R, NO, NO, YES, NO, NO, R],
    target: () => approvedListingOf(who.host),
    sentinel: (role) =>
      role === 'user' || role === 'otherUser' ? hostAnswers(who[role]) : approvedListingOf(who[role as 'otherHost' | 'admin']),
    key: (d) => `${d.notificationAdded.kind}:${d.notificationAdded.params.resourceTitle}`,
  },
  messageAdded: {
    // The recipient only: not the sender, not another user or host, not admins.
    doc: `subscription { messageAdded { id } }`,
    expect: [R, YES, NO, NO, NO, NO, R],
    target: async () => say(who.host, await convoOf(who.user, fx.resource)),
    sentinel: async (role) => {
      if (role === 'host') return say(who.user, await convoOf(who.user, fx.resource));
      if (role === 'otherHost') return say(who.user, await convoOf(who.user, fx.otherResource));
      const customer = who[role as 'otherUser' | 'admin'];
      return say(who.host, await convoOf(customer, fx.resource));
    },
    key: (d) => d.messageAdded.id,
  },
  bookingUpdated: {
    doc: `subscription { bookingUpdated { id } }`,
    expect: [R, YES, NO, YES, NO, YES, R],
    target: () => bookAs(who.user, fx.resource),
    sentinel: (role) => (role === 'otherUser' ? bookAs(who.otherUser, fx.resource) : bookAs(who.otherUser, fx.otherResource)),
    key: (d) => d.bookingUpdated.id,
  },
  myBookingChanged: {
    doc: `subscription { myBookingChanged { id } }`,
    expect: [R, YES, NO, NO, NO, NO, R],
    target: () => bookAs(who.user, fx.resource),
    sentinel: (role) => bookAs(who[role as Exclude<Role, 'visitor'>], role === 'host' ? fx.otherResource : fx.resource),
    key: (d) => d.myBookingChanged.id,
  },
  meUpdated: {
    doc: `subscription { meUpdated { fullName } }`,
    expect: [R, YES, NO, NO, NO, NO, R],
    target: () => renameAs(who.user, 'Target'),
    sentinel: (role) => renameAs(who[role as Exclude<Role, 'visitor'>], 'Sentinel'),
    key: (d) => d.meUpdated.fullName,
  },
  inquiryCreated: {
    doc: `subscription { inquiryCreated { id } }`,
    expect: ADMIN_FEED,
    target: newInquiry,
    key: (d) => d.inquiryCreated.id,
  },
  inquiryUpdated: {
    doc: `subscription { inquiryUpdated { id } }`,
    expect: ADMIN_FEED,
    target: async () => {
      const id = await newInquiry();
      await gqlAs(who.admin, `mutation($id: ID!) { updateInquiryStatus(id: $id, status: resolved) { id } }`, { id });
      return id;
    },
    key: (d) => d.inquiryUpdated.id,
  },
  paymentUpdated: {
    // Another user's booking is refused when subscribing (NOT_FOUND, as bookingPayments answers), host included.
    doc: `subscription($b: String!) { paymentUpdated(bookingId: $b) { id } }`,
    vars: () => ({ b: fx.payBooking }),
    expect: [R, YES, R, R, R, YES, R],
    target: async () =>
      (await gqlAs(who.user, `mutation($i: CardChargeInput!) { chargeCard(input: $i) { paymentId } }`, card(fx.payBooking))).chargeCard
        .paymentId,
    key: (d) => d.paymentUpdated.id,
  },
  resourceReviewed: {
    doc: `subscription { resourceReviewed { id } }`,
    expect: [R, R, R, YES, NO, YES, R],
    target: async () => approve(await listAs(who.host)),
    sentinel: async () => approve(await listAs(who.otherHost)),
    key: (d) => d.resourceReviewed.id,
  },
  serviceBookingCreated: {
    doc: `subscription { serviceBookingCreated { id } }`,
    expect: ADMIN_FEED,
    target: async () => cancelService(await bookService(who.user)),
    key: (d) => d.serviceBookingCreated.id,
  },
  serviceBookingUpdated: {
    doc: `subscription { serviceBookingUpdated { id } }`,
    expect: [R, YES, NO, NO, NO, YES, R],
    target: async () => cancelService(await bookService(who.user)),
    sentinel: async (role) => cancelService(await bookService(who[role as Exclude<Role, 'visitor'>])),
    key: (d) => d.serviceBookingUpdated.id,
  },
  resourceSubmitted: {
    doc: `subscription { resourceSubmitted { id } }`,
    expect: ADMIN_FEED,
    target: () => listAs(who.host),
    key: (d) => d.resourceSubmitted.id,
  },
  zatcaStatusUpdated: {
    doc: `subscription { zatcaStatusUpdated { status } }`,
    expect: ADMIN_FEED,
    // The e-invoice pass publishes this after each document it signs or ZATCA answers (ZATCA is off here).
    target: async () => (t.app.deps.bus.publish(ZATCA_TOPICS.changed, { at: Date.now() }), 'zatca'),
    key: () => 'zatca',
  },
  statsUpdated: {
    doc: `subscription { statsUpdated { totalUsers } }`,
    expect: ADMIN_FEED,
    target: async () => (await newInquiry(), 'stats'),
    key: () => 'stats',
  },
};

interface Listener {
  keys: string[];
  errors: unknown[];
  ended: boolean;
  close(): Promise<void>;
}
function listen(role: Role, row: SubRow): Listener {
  const client = t.ws(role === 'visitor' ? undefined : who[role].token);
  const l: Listener = { keys: [], errors: [], ended: false, close: () => client.dispose() };
  client.subscribe(
    { query: row.doc, variables: row.vars?.() ?? {} },
    {
      next: (v) => (v.errors ? l.errors.push(...v.errors) : l.keys.push(row.key(v.data))),
      error: (e) => (l.errors.push(e), (l.ended = true)),
      complete: () => (l.ended = true),
    },
  );
  return l;
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls until `ok` holds; false after ~10 s (the caller reports what is missing). */
async function eventually(ok: () => boolean, tries = 200): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (ok()) return true;
    await pause(50);
  }
  return ok();
}
/** Fires `fire` until its key reaches `l` (a subscription is live only once the server has registered it). */
async function fireUntilReceived(l: Listener, fire: () => Promise<string>, fired?: Set<string>): Promise<boolean> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const key = await fire();
    fired?.add(key);
    await releaseHolds();
    if (await eventually(() => l.keys.includes(key), 40)) return true;
  }
  return false;
}

async function runSubscription(field: string, row: SubRow): Promise<string[]> {
  const problems: string[] = [];
  const listeners = ROLES.map((role) => listen(role, row));
  const targets = new Set<string>();
  // Refusals come back by themselves; every other subscription is shown to be live before the event.
  for (const [i, role] of ROLES.entries()) {
    const l = listeners[i];
    const want = row.expect[i];
    if (want === R) {
      if (!(await eventually(() => l.errors.length > 0 || l.ended)))
        problems.push(`${field} as ${role}: expected a refusal, the subscription stayed open`);
    } else if (want === YES) {
      if (!(await fireUntilReceived(l, row.target, targets))) problems.push(`${field} as ${role}: the event never arrived`);
    } else if (!(await fireUntilReceived(l, () => row.sentinel!(role)))) problems.push(`${field} as ${role}: its own event never arrived`);
  }
  // The event under test, once everyone listens; then a sentinel for each subscriber that must not see it.
  const key = await row.target();
  targets.add(key);
  await releaseHolds();
  for (const [i, role] of ROLES.entries()) {
    const l = listeners[i];
    const want = row.expect[i];
    if (want === YES && !(await eventually(() => l.keys.includes(key)))) problems.push(`${field} as ${role}: the event never arrived`);
    if (want === NO && !(await fireUntilReceived(l, () => row.sentinel!(role))))
      problems.push(`${field} as ${role}: its own event never arrived`);
    const leaked = l.keys.filter((k) => targets.has(k));
    if (want !== YES && leaked.length) problems.push(`${field} as ${role}: received ${leaked.length} event(s) it may not see`);
    if (want !== R && l.errors.length) problems.push(`${field} as ${role}: unexpected error ${JSON.stringify(l.errors[0]).slice(0, 120)}`);
  }
  await Promise.all(listeners.map((l) => l.close()));
  return problems;
}

describe('authorization matrix (GraphQL subscriptions)', () => {
  for (const [field, row] of Object.entries(SUBSCRIPTIONS)) {
    it(`${field}: each role is refused, receives, or receives nothing, as the table says`, async () => {
      expect(await runSubscription(field, row)).toEqual([]);
    });
  }
});
