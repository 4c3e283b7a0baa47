import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  activeListing,
  createInquiry,
  createUser,
  inquiryBody,
  myFatoorahApp,
  pendingListing,
  saveMyFatoorahKey,
  type MadeUser,
} from '../support/factories.js';
import { startOfRiyadhDay } from '../../server/src/shared/marketplace.rules.js';
import { advanceBookings } from '../../server/src/modules/bookings/booking.service.js';

let t: TestApp;
let host: MadeUser;
let host2: MadeUser;
let admin: MadeUser;
let user: MadeUser;
let user2: MadeUser;

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const DAY = 86_400_000;
const day = (n: number) => new Date(startOfRiyadhDay().getTime() + n * DAY).toISOString();
const listing = {
  title: 'Meeting room in Al Olaya',
  description: 'A bright room for 10 people with a screen.',
  category: 'Office Space',
  price: 100,
  period: 'day',
  location: 'Riyadh',
  images: [PNG],
};
const inquiry = inquiryBody();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Subscribes over a real WebSocket; collects data and errors. Waits until the server has registered it. */
async function listen(token: string | undefined, query: string) {
  const data: any[] = [];
  const errors: unknown[] = [];
  const client = t.ws(token);
  // The socket is acknowledged first; then the server still authenticates the operation (a database read)
  // before it listens: give it that time after the acknowledgement, not from the start (a loaded machine).
  const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
  client.subscribe(
    { query },
    { next: (v) => (v.errors ? errors.push(v.errors) : data.push(v.data)), error: (e) => errors.push(e), complete: () => {} },
  );
  await Promise.race([connected, sleep(5000)]);
  await sleep(300);
  return { data, errors };
}

/** Waits until `check` holds (up to 3 s), then a little longer so unexpected extra events would show. */
async function until(check: () => boolean) {
  for (let i = 0; i < 60 && !check(); i++) await sleep(50);
  await sleep(150);
}

beforeAll(async () => {
  t = await createTestApp();
  host = await createUser(t.app, { role: 'host_seller' });
  host2 = await createUser(t.app, { role: 'host_seller' });
  admin = await createUser(t.app, { role: 'admin' });
  user = await createUser(t.app, { role: 'regular' });
  user2 = await createUser(t.app, { role: 'regular' });
});
afterAll(async () => t?.close());

describe('bookingUpdated', () => {
  const Q = 'subscription { bookingUpdated { id status paymentStatus resourceId } }';

  it("reaches the booking's user, the listing's host and admins — never another user or host", async () => {
    const id = await pendingListing(t, host, listing);
    expect((await t.api('PUT', `/api/admin/resources/${id}/approve`, undefined, admin.token)).status).toBe(200);
    const [mine, other, theHost, otherHost, anAdmin] = await Promise.all([
      listen(user.token, Q),
      listen(user2.token, Q),
      listen(host.token, Q),
      listen(host2.token, Q),
      listen(admin.token, Q),
    ]);
    const created = await t.api('POST', '/api/bookings', { resource_id: id, start_date: day(2), end_date: day(4) }, user.token);
    expect(created.status).toBe(201);
    const cancelled = await t.api('DELETE', `/api/bookings/${created.body.id}`, undefined, user.token);
    expect(cancelled.status).toBe(200);
    await until(() => mine.data.length >= 2 && theHost.data.length >= 2 && anAdmin.data.length >= 2);

    for (const s of [mine, theHost, anAdmin]) {
      expect(s.errors).toEqual([]);
      expect(s.data.map((d) => d.bookingUpdated)).toEqual([
        { id: created.body.id, status: 'pending', paymentStatus: 'pending', resourceId: id },
        { id: created.body.id, status: 'cancelled', paymentStatus: 'pending', resourceId: id },
      ]);
    }
    expect(other.data).toEqual([]);
    expect(otherHost.data).toEqual([]);
  });

  it("carries who booked (userName) and the listing's title to the host and admins", async () => {
    const id = await pendingListing(t, host, listing);
    expect((await t.api('PUT', `/api/admin/resources/${id}/approve`, undefined, admin.token)).status).toBe(200);
    const named = 'subscription { bookingUpdated { id userName resourceTitle } }';
    const [theHost, anAdmin] = await Promise.all([listen(host.token, named), listen(admin.token, named)]);
    const created = await t.api('POST', '/api/bookings', { resource_id: id, start_date: day(6), end_date: day(7) }, user2.token);
    expect(created.status).toBe(201);
    expect((await t.api('DELETE', `/api/bookings/${created.body.id}`, undefined, user2.token)).status).toBe(200);
    await until(() => theHost.data.length + theHost.errors.length >= 2 && anAdmin.data.length + anAdmin.errors.length >= 2);

    for (const s of [theHost, anAdmin]) {
      expect(s.errors).toEqual([]);
      expect(s.data.map((d) => d.bookingUpdated)).toEqual([
        { id: created.body.id, userName: user2.user.fullName, resourceTitle: listing.title },
        { id: created.body.id, userName: user2.user.fullName, resourceTitle: listing.title },
      ]);
    }
  });

  it('refuses a visitor', async () => {
    const s = await listen(undefined, Q);
    expect(s.errors.length).toBe(1);
    expect(s.data).toEqual([]);
  });
});

describe('inquiryCreated / inquiryUpdated', () => {
  it('reaches admins only, with the inquiry as stored', async () => {
    const [a, created2, regular, hostSub] = await Promise.all([
      listen(admin.token, 'subscription { inquiryCreated { id fullName status } }'),
      listen(admin.token, 'subscription { inquiryUpdated { id status } }'),
      listen(user.token, 'subscription { inquiryCreated { id } }'),
      listen(host.token, 'subscription { inquiryUpdated { id } }'),
    ]);
    const res = await t.api('POST', '/api/inquiries', inquiry);
    expect(res.status).toBe(201);
    expect((await t.api('PUT', `/api/inquiries/${res.body.id}`, { status: 'in_progress' }, admin.token)).status).toBe(200);
    await until(() => a.data.length >= 1 && created2.data.length >= 1);
    expect(a.data).toEqual([{ inquiryCreated: { id: res.body.id, fullName: 'Khalid Al-Mutairi', status: 'new' } }]);
    expect(created2.data).toEqual([{ inquiryUpdated: { id: res.body.id, status: 'in_progress' } }]);
    // Non-admins are refused when they subscribe and never get data.
    expect(regular.data).toEqual([]);
    expect(hostSub.data).toEqual([]);
    expect(regular.errors.length).toBe(1);
    expect(hostSub.errors.length).toBe(1);
  });
});

describe('resourceSubmitted / resourceReviewed', () => {
  it('tells admins of a new pending listing, and the host (not another host) of approval and rejection', async () => {
    const [submitted, ownerSub, otherHost, adminReviewed] = await Promise.all([
      listen(admin.token, 'subscription { resourceSubmitted { id status ownerId } }'),
      listen(host.token, 'subscription { resourceReviewed { id status rejectionReason } }'),
      listen(host2.token, 'subscription { resourceReviewed { id status } }'),
      listen(admin.token, 'subscription { resourceReviewed { id status } }'),
    ]);
    const first = await pendingListing(t, host, listing);
    const second = await pendingListing(t, host, listing);
    expect((await t.api('PUT', `/api/admin/resources/${first}/approve`, undefined, admin.token)).status).toBe(200);
    const rej = await t.api('PUT', `/api/admin/resources/${second}/reject`, { reason: 'Photos do not show the room.' }, admin.token);
    expect(rej.status).toBe(200);
    await until(() => submitted.data.length >= 2 && ownerSub.data.length >= 2 && adminReviewed.data.length >= 2);
    expect(submitted.data).toEqual([
      { resourceSubmitted: { id: first, status: 'pending', ownerId: host.user.id } },
      { resourceSubmitted: { id: second, status: 'pending', ownerId: host.user.id } },
    ]);
    expect(ownerSub.data).toEqual([
      { resourceReviewed: { id: first, status: 'active', rejectionReason: null } },
      { resourceReviewed: { id: second, status: 'rejected', rejectionReason: 'Photos do not show the room.' } },
    ]);
    expect(adminReviewed.data.map((d) => d.resourceReviewed.id)).toEqual([first, second]);
    expect(otherHost.data).toEqual([]);
  });

  it("puts a host's edit of an active listing in the admins' queue live, and tells the host (only) of its rejection", async () => {
    const id = await pendingListing(t, host, listing);
    expect((await t.api('PUT', `/api/admin/resources/${id}/approve`, undefined, admin.token)).status).toBe(200);
    const [submitted, ownerSub, otherHost] = await Promise.all([
      listen(admin.token, 'subscription { resourceSubmitted { id title status pendingChanges { title } } }'),
      listen(host.token, 'subscription { resourceReviewed { id title status pendingChanges { title } changesRejectionReason } }'),
      listen(host2.token, 'subscription { resourceReviewed { id } }'),
    ]);
    const live = (await t.api('GET', `/api/resources/${id}`, undefined, host.token)).body;
    expect(
      (await t.api('PUT', `/api/resources/${id}`, { ...listing, title: 'Renamed while live', images: live.images }, host.token)).status,
    ).toBe(200);
    await until(() => submitted.data.length >= 1);
    expect(submitted.errors).toEqual([]);
    expect(submitted.data).toEqual([
      { resourceSubmitted: { id, title: listing.title, status: 'active', pendingChanges: { title: 'Renamed while live' } } },
    ]);

    expect(
      (await t.api('PUT', `/api/admin/resources/${id}/changes/reject`, { reason: 'Keep the original name' }, admin.token)).status,
    ).toBe(200);
    await until(() => ownerSub.data.length >= 1);
    expect(ownerSub.errors).toEqual([]);
    expect(ownerSub.data).toEqual([
      {
        resourceReviewed: {
          id,
          title: listing.title,
          status: 'active',
          pendingChanges: null,
          changesRejectionReason: 'Keep the original name',
        },
      },
    ]);
    expect(otherHost.data).toEqual([]);
  });

  it('does not let a host subscribe to pending approvals', async () => {
    const s = await listen(host.token, 'subscription { resourceSubmitted { id } }');
    await pendingListing(t, host, listing);
    await sleep(300);
    expect(s.data).toEqual([]);
    expect(s.errors.length).toBe(1);
  });
});

describe('statsUpdated', () => {
  it('pushes the current dashboard figures to admins when something changes', async () => {
    const s = await listen(admin.token, 'subscription { statsUpdated { totalUsers } }');
    await createUser(t.app, { role: 'regular' });
    await createInquiry(t);
    await until(() => s.data.length >= 1);
    expect(s.errors).toEqual([]);
    const total = (await t.gql('query { adminStats { totalUsers } }', {}, admin.token)).data.adminStats.totalUsers;
    expect(s.data.at(-1)).toEqual({ statsUpdated: { totalUsers: total } });
  });

  it('coalesces a burst of changes into a few pushes, the last with the final figures', async () => {
    const s = await listen(admin.token, 'subscription { statsUpdated { newInquiries } }');
    const burst = 12;
    for (let i = 0; i < burst; i++) expect((await t.api('POST', '/api/inquiries', inquiry)).status).toBe(201);
    const final = (await t.gql('query { adminStats { newInquiries } }', {}, admin.token)).data.adminStats.newInquiries;
    for (let i = 0; i < 60 && s.data.at(-1)?.statsUpdated.newInquiries !== final; i++) await sleep(100);
    expect(s.errors).toEqual([]);
    expect(s.data.at(-1)).toEqual({ statsUpdated: { newInquiries: final } });
    expect(s.data.length).toBeGreaterThanOrEqual(1);
    expect(s.data.length).toBeLessThanOrEqual(burst / 2);
  });
});

describe('a subscriber whose role changes', () => {
  it('a demoted admin stops receiving admin events at once, on the subscription already open', async () => {
    const former = await createUser(t.app, { role: 'admin' });
    const [inq, stats, bookings] = await Promise.all([
      listen(former.token, 'subscription { inquiryCreated { id } }'),
      listen(former.token, 'subscription { statsUpdated { totalUsers } }'),
      listen(former.token, 'subscription { bookingUpdated { id } }'),
    ]);
    await createInquiry(t);
    await until(() => inq.data.length >= 1);
    expect(inq.data.length).toBe(1);

    const demoted = await t.api('PUT', `/api/admin/users/${former.user.id}`, { role: 'regular' }, admin.token);
    expect(demoted.status).toBe(200);
    await sleep(200);
    const before = { inq: inq.data.length, stats: stats.data.length, bookings: bookings.data.length };

    // Another user's booking and a new inquiry: an admin would see both, a regular user neither.
    const id = await activeListing(t, { owner: host2, admin }, listing);
    const b = await t.api('POST', '/api/bookings', { resource_id: id, start_date: day(5), end_date: day(6) }, user2.token);
    expect(b.status).toBe(201);
    await createInquiry(t);
    await sleep(800);
    expect({ inq: inq.data.length, stats: stats.data.length, bookings: bookings.data.length }).toEqual(before);
  });

  it('a demoted admin stops receiving inquiryUpdated, resourceSubmitted and resourceReviewed; a host demoted to regular stops hearing of their listing’s review', async () => {
    const former = await createUser(t.app, { role: 'admin' });
    const formerHost = await createUser(t.app, { role: 'host_seller' });
    const Q = {
      updated: 'subscription { inquiryUpdated { id status } }',
      submitted: 'subscription { resourceSubmitted { id } }',
      reviewed: 'subscription { resourceReviewed { id status } }',
    };
    const [updated, submitted, reviewed, hostReviewed, control] = await Promise.all([
      listen(former.token, Q.updated),
      listen(former.token, Q.submitted),
      listen(former.token, Q.reviewed),
      listen(formerHost.token, Q.reviewed),
      Promise.all([listen(admin.token, Q.updated), listen(admin.token, Q.submitted), listen(admin.token, Q.reviewed)]),
    ]);
    const [cUpdated, cSubmitted, cReviewed] = control;

    // While still an admin and a host: the listing's submission reaches the admin.
    const first = await pendingListing(t, formerHost, listing);
    await until(() => submitted.data.length >= 1);
    expect(submitted.data).toEqual([{ resourceSubmitted: { id: first } }]);

    for (const who of [former, formerHost])
      expect((await t.api('PUT', `/api/admin/users/${who.user.id}`, { role: 'regular' }, admin.token)).status).toBe(200);
    await sleep(200);

    // An inquiry changes, the former host's listing is approved, another host submits one: a current admin hears all three.
    const inq = await t.api('POST', '/api/inquiries', inquiry);
    expect((await t.api('PUT', `/api/inquiries/${inq.body.id}`, { status: 'resolved' }, admin.token)).status).toBe(200);
    expect((await t.api('PUT', `/api/admin/resources/${first}/approve`, undefined, admin.token)).status).toBe(200);
    const second = await pendingListing(t, host2, listing);
    await until(
      () =>
        cUpdated.data.some((d) => d.inquiryUpdated.id === inq.body.id) &&
        cReviewed.data.some((d) => d.resourceReviewed.id === first) &&
        cSubmitted.data.some((d) => d.resourceSubmitted.id === second),
    );
    expect(cUpdated.data).toContainEqual({ inquiryUpdated: { id: inq.body.id, status: 'resolved' } });
    // Approved, but withdrawn: its host may no longer list.
    expect(cReviewed.data).toContainEqual({ resourceReviewed: { id: first, status: 'withdrawn' } });
    expect(cSubmitted.data).toContainEqual({ resourceSubmitted: { id: second } });

    // The demoted ones hear none of it.
    expect(updated.data).toEqual([]);
    expect(submitted.data).toEqual([{ resourceSubmitted: { id: first } }]);
    expect(reviewed.data).toEqual([]);
    expect(hostReviewed.data).toEqual([]);
  });

  it('a suspended user stops receiving their own booking events', async () => {
    const u = await createUser(t.app, { role: 'regular' });
    const s = await listen(u.token, 'subscription { bookingUpdated { id status } }');
    const id = await activeListing(t, { owner: host2, admin }, listing);
    const b = await t.api('POST', '/api/bookings', { resource_id: id, start_date: day(8), end_date: day(9) }, u.token);
    await until(() => s.data.length >= 1);
    expect(s.data).toEqual([{ bookingUpdated: { id: b.body.id, status: 'pending' } }]);
    expect((await t.api('PUT', `/api/admin/users/${u.user.id}`, { status: 'suspended' }, admin.token)).status).toBe(200);
    await sleep(200);
    await t.api('DELETE', `/api/bookings/${b.body.id}`, undefined, admin.token);
    await sleep(600);
    expect(s.data.length).toBe(1);
  });
});

describe('bookings moved on by the scheduled job', () => {
  it("an expired unpaid hold reaches its user and the listing's host, not another host", async () => {
    const { advanceBookings } = await import('../../server/src/modules/bookings/booking.service.js');
    const id = await activeListing(t, { owner: host, admin }, listing);
    const b = await t.api('POST', '/api/bookings', { resource_id: id, start_date: day(12), end_date: day(13) }, user.token);
    expect(b.status).toBe(201);
    const Q = 'subscription { bookingUpdated { id status } }';
    const [mine, theHost, otherHost] = await Promise.all([listen(user.token, Q), listen(host.token, Q), listen(host2.token, Q)]);
    const em = t.app.orm.em.fork();
    await em.getConnection().execute(`update bookings set hold_expires_at = now() - interval '1 minute' where id = ?`, [b.body.id]);
    await advanceBookings(em as never, t.app.deps, id);
    await until(() => mine.data.length >= 1 && theHost.data.length >= 1);
    expect(mine.data).toEqual([{ bookingUpdated: { id: b.body.id, status: 'cancelled' } }]);
    expect(theHost.data).toEqual([{ bookingUpdated: { id: b.body.id, status: 'cancelled' } }]);
    expect(otherHost.data).toEqual([]);
  });
});

describe('paymentUpdated', () => {
  const card = (bookingId: string) => ({
    booking_id: bookingId,
    card_holder_name: 'Sara Al-Otaibi',
    card_number: '4508 7500 1574 1019',
    expiry_month: '12',
    expiry_year: '39',
    cvv: '123',
  });

  it("reaches the booking's user and current admins; a demoted admin no longer sees another user's payment", async () => {
    const id = await activeListing(t, { owner: host2, admin }, listing);
    const u = await createUser(t.app, { role: 'regular' });
    const former = await createUser(t.app, { role: 'admin' });
    const b = await t.api('POST', '/api/bookings', { resource_id: id, start_date: day(8), end_date: day(9) }, u.token);
    expect(b.status).toBe(201);
    const Q = `subscription { paymentUpdated(bookingId: "${b.body.id}") { status amount } }`;
    const [own, anAdmin, demoted, stranger] = await Promise.all([
      listen(u.token, Q),
      listen(admin.token, Q),
      listen(former.token, Q),
      listen(user2.token, Q),
    ]);
    expect((await t.api('PUT', `/api/admin/users/${former.user.id}`, { role: 'regular' }, admin.token)).status).toBe(200);
    await sleep(200);

    const paid = await t.api('POST', '/api/payment/direct-charge', card(b.body.id), u.token);
    expect(paid.body.success).toBe(true);
    await until(
      () => own.data.some((d) => d.paymentUpdated.status === 'paid') && anAdmin.data.some((d) => d.paymentUpdated.status === 'paid'),
    );
    expect({ data: own.data.at(-1), errors: own.errors }).toEqual({
      data: { paymentUpdated: { status: 'paid', amount: 115 } },
      errors: [],
    });
    expect(anAdmin.data.at(-1)).toEqual({ paymentUpdated: { status: 'paid', amount: 115 } });
    expect(demoted.data).toEqual([]);
    expect(stranger.data).toEqual([]);
  });
});

describe('bookingUpdated from payments and the scheduler', () => {
  const Q = 'subscription { bookingUpdated { id status paymentStatus } }';
  const pay = (bookingId: string, number = '4508 7500 1574 1019') => ({
    booking_id: bookingId,
    card_holder_name: 'Sara Al-Otaibi',
    card_number: number,
    expiry_month: '12',
    expiry_year: '39',
    cvv: '123',
  });

  async function booked(who: MadeUser, from: number, to: number) {
    const id = await activeListing(t, { owner: host, admin }, listing);
    const b = await t.api('POST', '/api/bookings', { resource_id: id, start_date: day(from), end_date: day(to) }, who.token);
    expect(b.status).toBe(201);
    return b.body.id as string;
  }

  it("a declined and then a paid direct charge reach the booking's user and host, not another user", async () => {
    const id = await booked(user, 20, 21);
    const [mine, theHost, other] = await Promise.all([listen(user.token, Q), listen(host.token, Q), listen(user2.token, Q)]);
    const declined = await t.api('POST', '/api/payment/direct-charge', pay(id, '4000 0000 0000 0002'), user.token);
    expect(declined.body.success).toBe(false);
    await until(() => mine.data.length >= 1 && theHost.data.length >= 1);
    expect(mine.data).toEqual([{ bookingUpdated: { id, status: 'pending', paymentStatus: 'pending' } }]);
    const paid = await t.api('POST', '/api/payment/direct-charge', pay(id), user.token);
    expect(paid.body.success).toBe(true);
    await until(() => mine.data.length >= 2 && theHost.data.length >= 2);
    for (const s of [mine, theHost]) {
      expect(s.errors).toEqual([]);
      expect(s.data.map((d) => d.bookingUpdated)).toEqual([
        { id, status: 'pending', paymentStatus: 'pending' },
        { id, status: 'confirmed', paymentStatus: 'paid' },
      ]);
    }
    expect(other.data).toEqual([]);
  });

  it('the scheduled job moves a paid booking confirmed → active → completed, live', async () => {
    const id = await booked(user, 24, 25);
    expect((await t.api('POST', '/api/payment/direct-charge', pay(id), user.token)).body.success).toBe(true);
    const [mine, theHost] = await Promise.all([listen(user.token, Q), listen(host.token, Q)]);
    const conn = t.app.orm.em.fork().getConnection();
    await conn.execute(`update bookings set start_date = now() - interval '1 hour', end_date = now() + interval '1 hour' where id = ?`, [
      id,
    ]);
    // Events carry ids and are read when delivered: wait for this booking's own event before moving it on.
    const ofThis = (s: typeof mine) => s.data.filter((d) => d.bookingUpdated.id === id).length;
    await advanceBookings(t.app.orm.em.fork() as never, t.app.deps);
    await until(() => ofThis(mine) >= 1 && ofThis(theHost) >= 1);
    await conn.execute(`update bookings set start_date = now() - interval '2 hours', end_date = now() - interval '1 minute' where id = ?`, [
      id,
    ]);
    await advanceBookings(t.app.orm.em.fork() as never, t.app.deps);
    await until(() => ofThis(mine) >= 2 && ofThis(theHost) >= 2);
    for (const s of [mine, theHost]) {
      expect(s.errors).toEqual([]);
      expect(s.data.map((d) => d.bookingUpdated).filter((b) => b.id === id)).toEqual([
        { id, status: 'active', paymentStatus: 'paid' },
        { id, status: 'completed', paymentStatus: 'paid' },
      ]);
    }
  });

  it('a signed MyFatoorah webhook that settles a payment reaches the booking’s user live (fake MyFatoorah)', async () => {
    const secret = 'live-webhook-secret-42';
    const { fake, t: mf } = await myFatoorahApp('live-test-key-1234', secret);
    try {
      const [mfHost, mfAdmin, mfUser] = [
        await createUser(mf.app, { role: 'host_seller' }),
        await createUser(mf.app, { role: 'admin' }),
        await createUser(mf.app),
      ];
      await saveMyFatoorahKey(mf, mfAdmin, 'live-test-key-1234');
      const resourceId = await activeListing(mf, { owner: mfHost, admin: mfAdmin }, listing);
      const b = await mf.api('POST', '/api/bookings', { resource_id: resourceId, start_date: day(3), end_date: day(4) }, mfUser.token);
      expect(b.status).toBe(201);
      const init = await mf.api('POST', `/api/payment/initiate?booking_id=${b.body.id}`, undefined, mfUser.token);
      expect(init.body.success).toBe(true);
      const invoiceId = Number(init.body.payment_url.split('/').pop());

      const events: any[] = [];
      const payments: any[] = [];
      mf.ws(mfUser.token).subscribe({ query: Q }, { next: (v) => events.push(v.data), error: () => {}, complete: () => {} });
      mf.ws(mfUser.token).subscribe(
        { query: `subscription { paymentUpdated(bookingId: "${b.body.id}") { status } }` },
        { next: (v) => payments.push(v.data), error: () => {}, complete: () => {} },
      );
      await sleep(400);
      fake.payBehindTheScenes(invoiceId);
      expect((await fake.sendWebhook(mf.url + '/api/payment/webhook', invoiceId, secret)).status).toBe(200);
      await until(() => events.length >= 1 && payments.length >= 1);
      expect(events).toEqual([{ bookingUpdated: { id: b.body.id, status: 'confirmed', paymentStatus: 'paid' } }]);
      expect(payments).toEqual([{ paymentUpdated: { status: 'paid' } }]);
    } finally {
      await mf.close();
      await fake.close();
    }
  });
});

describe('fan-out to many subscribers', () => {
  it('every subscriber of the same operation gets every event once, in the order it happened; one that unsubscribed gets nothing more', async () => {
    const admins = await Promise.all(Array.from({ length: 25 }, () => createUser(t.app, { role: 'admin' })));
    const Q = 'subscription { inquiryUpdated { id status } }';
    const subs = admins.map(() => ({ data: [] as any[], errors: [] as unknown[] }));
    const stops = admins.map((a, i) =>
      t.ws(a.token).subscribe(
        { query: Q },
        {
          next: (v) => (v.errors ? subs[i].errors.push(v.errors) : subs[i].data.push(v.data)),
          error: (e) => subs[i].errors.push(e),
          complete: () => {},
        },
      ),
    );
    await sleep(600);
    const created = await t.api('POST', '/api/inquiries', inquiry);
    expect(created.status).toBe(201);
    const inquiryId = created.body.id;

    // Three changes in quick succession, without waiting between them.
    for (const status of ['in_progress', 'resolved', 'closed'])
      expect((await t.api('PUT', `/api/inquiries/${inquiryId}`, { status }, admin.token)).status).toBe(200);
    await until(() => subs.every((s) => s.data.length >= 3));
    for (const s of subs) {
      expect(s.errors).toEqual([]);
      expect(s.data.filter((d) => d.inquiryUpdated.id === inquiryId).map((d) => d.inquiryUpdated.status)).toEqual([
        'in_progress',
        'resolved',
        'closed',
      ]);
    }

    // The first subscriber leaves; the others go on receiving.
    stops[0]();
    await sleep(200);
    expect((await t.api('PUT', `/api/inquiries/${inquiryId}`, { status: 'new' }, admin.token)).status).toBe(200);
    await until(() => subs.slice(1).every((s) => s.data.length >= 4));
    expect(subs[0].data).toHaveLength(3);
    for (const s of subs.slice(1)) expect(s.data.at(-1)).toEqual({ inquiryUpdated: { id: inquiryId, status: 'new' } });
  });
});
