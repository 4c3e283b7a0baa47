import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  activeListing,
  createBooking,
  createInquiry,
  createUser,
  payBooking,
  pendingListing,
  type MadeUser,
} from '../support/factories.js';
import { readable } from '../support/mail-text.js';
import { advanceBookings } from '../../server/src/modules/bookings/booking.service.js';
import { createNotifications } from '../../server/src/modules/notifications/notification.feed.js';
import { RESOURCE_TOPICS } from '../../server/src/modules/resources/resource.events.js';
import { EMAILED_KINDS, NOTIFICATION_LIMITS, NOTIFICATION_MESSAGES as M } from '../../server/src/shared/notifications.rules.js';

/** Notifications (issue #23): made from the bus's events once each, listed, marked read, mailed per preference, live. */

let t: TestApp;
let admin: MadeUser;

const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let nextStart = 3;
const when = () => {
  const start = new Date(Date.now() + nextStart * DAY);
  nextStart += 3;
  return { start, end: new Date(start.getTime() + 2 * DAY) };
};

async function sql<T = any>(q: string, params: unknown[] = []): Promise<T[]> {
  return t.app.orm.em.fork().getConnection().execute(q, params);
}
const list = (who: MadeUser, query = '') => t.api('GET', `/api/notifications${query}`, undefined, who.token);
const kinds = async (who: MadeUser) => ((await list(who)).body.items as Array<{ kind: string }>).map((n) => n.kind);

/** Polls until `who` has a notification of `kind` (the job runs on the queue, a moment after the event). */
async function arrives(who: MadeUser, kind: string) {
  for (let i = 0; i < 100; i++) {
    const items = (await list(who)).body.items as Array<{ kind: string }>;
    const hit = items.find((n) => n.kind === kind);
    if (hit) return hit as any;
    await sleep(100);
  }
  throw new Error(`no ${kind} notification for ${who.email}: ${JSON.stringify(await kinds(who))}`);
}
const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email));

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t?.close());

describe('events become notifications', () => {
  it('tells the host their listing was approved, once, with a link to it, and mails them in their language', async () => {
    const host = await createUser(t.app, { role: 'host_seller', locale: 'ar' } as never);
    await sql(`update users set locale = 'ar' where id = ?`, [host.user.id]);
    const id = await pendingListing(t, host, { title: 'Crane 50t' });
    expect((await t.api('PUT', `/api/admin/resources/${id}/approve`, undefined, admin.token)).status).toBe(200);
    const n = await arrives(host, 'listing_approved');
    expect(n).toMatchObject({ params: { resource_title: 'Crane 50t' }, link: '/resources/my', read: false });
    await sleep(300);
    const page = (await list(host)).body;
    expect(page).toMatchObject({ total: 1, unread_count: 1, page: 1, page_size: NOTIFICATION_LIMITS.pageSizeDefault });
    await t.mailsSent();
    const mails = mailsTo(host.email);
    expect(mails).toHaveLength(1);
    expect(readable(mails[0])).toContain('تمت الموافقة على إعلانك «Crane 50t»');
  });

  it('tells the host a rejection with its reason', async () => {
    const host = await createUser(t.app, { role: 'host_seller' });
    const id = await pendingListing(t, host, { title: 'Blurry van' });
    await t.api('PUT', `/api/admin/resources/${id}/reject`, { reason: 'Please upload real photos' }, admin.token);
    expect(await arrives(host, 'listing_rejected')).toMatchObject({
      params: { resource_title: 'Blurry van', reason: 'Please upload real photos' },
    });
  });

  it('follows a booking: new to the host; paid to the host and confirmed to the customer, without a second confirmation mail', async () => {
    const host = await createUser(t.app, { role: 'host_seller', fullName: 'Hana Host' });
    const customer = await createUser(t.app, { fullName: 'Sami Customer' });
    const r = await activeListing(t, { owner: host, admin }, { title: 'Meeting room' });
    const { start, end } = when();
    const b = await createBooking(t, customer, r, start, end);
    expect(await arrives(host, 'booking_new')).toMatchObject({ params: { resource_title: 'Meeting room', other_name: 'Sami Customer' } });
    await payBooking(t, customer, b.id);
    await arrives(host, 'booking_paid');
    await arrives(customer, 'booking_confirmed');
    // The payment confirmation mail (its PDF drawn first) may be queued after the notification arrives: wait for it.
    await expect.poll(() => mailsTo(customer.email).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await t.mailsSent();
    // The payment confirmation mail already exists: the customer gets no notification mail on top; the host gets one
    // for the new booking and one for its payment.
    const notices = (email: string) => mailsTo(email).filter((m) => readable(m).includes('Subject: New notification from Mawarid'));
    expect(notices(customer.email)).toHaveLength(0);
    const what = (m: (typeof t.smtp.received)[number]) =>
      / paid for /.test(readable(m)) ? 'paid' : / booked /.test(readable(m)) ? 'new' : 'approved';
    expect(notices(host.email).map(what).sort()).toEqual(['approved', 'new', 'paid']);
  });

  it('tells the other side of a cancellation, not the one who cancelled', async () => {
    const host = await createUser(t.app, { role: 'host_seller' });
    const customer = await createUser(t.app);
    const r = await activeListing(t, { owner: host, admin }, { title: 'Van' });
    const { start, end } = when();
    const b = await createBooking(t, customer, r, start, end);
    await arrives(host, 'booking_new');
    expect((await t.api('DELETE', `/api/bookings/${b.id}`, undefined, customer.token)).status).toBe(200);
    await arrives(host, 'booking_cancelled');
    await sleep(300);
    expect(await kinds(customer)).not.toContain('booking_cancelled');
    // The host withdraws a listing with a live booking: its customer hears the host cancelled.
    const c2 = await createUser(t.app);
    const b2 = await createBooking(t, c2, r, ...(Object.values(when()) as [Date, Date]));
    expect((await t.api('DELETE', `/api/resources/${r}`, undefined, host.token)).status).toBeLessThan(300);
    expect(await arrives(c2, 'booking_cancelled')).toMatchObject({ params: { resource_title: 'Van' }, link: '/my-bookings' });
    expect(b2.id).toBeTruthy();
  });

  it('reminds a customer of a hold about to expire, then tells them it expired', async () => {
    const host = await createUser(t.app, { role: 'host_seller' });
    const customer = await createUser(t.app);
    const r = await activeListing(t, { owner: host, admin }, { title: 'Forklift' });
    const { start, end } = when();
    const b = await createBooking(t, customer, r, start, end);
    // Time passes: the hold lapses in two minutes, so the reminder (scheduled at booking time) is due now.
    await sql(`update bookings set hold_expires_at = now() + interval '2 minutes' where id = ?`, [b.id]);
    await createNotifications(t.app.deps, { topic: 'HOLD_REMINDER', event: { bookingId: b.id } }, 'test-reminder');
    const n = await arrives(customer, 'hold_expiring');
    expect(n.link).toBe(`/payment/${b.id}`);
    // Run twice (a second reminder job for the same hold): still one reminder.
    await createNotifications(t.app.deps, { topic: 'HOLD_REMINDER', event: { bookingId: b.id } }, 'test-reminder-2');
    expect((await kinds(customer)).filter((k) => k === 'hold_expiring')).toHaveLength(1);
    await sql(`update bookings set hold_expires_at = now() - interval '1 minute' where id = ?`, [b.id]);
    await advanceBookings(t.app.orm.em.fork() as never, t.app.deps);
    await arrives(customer, 'hold_expired');
  });

  it('tells of a new message, a new review and the host’s reply', async () => {
    const host = await createUser(t.app, { role: 'host_seller', fullName: 'Hala Host' });
    const customer = await createUser(t.app, { fullName: 'Reem' });
    const r = await activeListing(t, { owner: host, admin }, { title: 'Studio' });
    const conv = await t.api('POST', '/api/conversations', { resource_id: r, body: 'Is it free?' }, customer.token);
    expect(await arrives(host, 'message_new')).toMatchObject({
      params: { other_name: 'Reem', resource_title: 'Studio' },
      link: `/messages/${conv.body.conversation.id}`,
    });
    const { start, end } = when();
    const b = await createBooking(t, customer, r, start, end);
    await payBooking(t, customer, b.id);
    await sql(`update bookings set start_date = now() - interval '3 days', end_date = now() - interval '1 day' where id = ?`, [b.id]);
    await advanceBookings(t.app.orm.em.fork() as never, t.app.deps);
    const rev = await t.api(
      'POST',
      `/api/bookings/${b.id}/review`,
      { rating: 5, comment: 'Quiet and clean, as described.' },
      customer.token,
    );
    expect(rev.status).toBe(201);
    expect(await arrives(host, 'review_new')).toMatchObject({ params: { rating: 5, other_name: 'Reem' }, link: `/resources/${r}` });
    expect((await t.api('POST', `/api/reviews/${rev.body.id}/reply`, { text: 'Thank you!' }, host.token)).status).toBe(200);
    await arrives(customer, 'review_reply');
  });

  it('tells a signed-in sender that their inquiry moved on', async () => {
    const customer = await createUser(t.app);
    const id = await createInquiry(t, { email: customer.email }, customer);
    expect((await t.api('PUT', `/api/inquiries/${id}`, { status: 'in_progress' }, admin.token)).status).toBe(200);
    expect(await arrives(customer, 'inquiry_status')).toMatchObject({ params: { status: 'in_progress' } });
  });
});

describe('exactly once', () => {
  it('writes nothing twice when the same job runs again, and nothing for an event heard from another instance', async () => {
    const host = await createUser(t.app, { role: 'host_seller' });
    const id = await activeListing(t, { owner: host, admin }, { title: 'Once' });
    await arrives(host, 'listing_approved');
    const job = {
      topic: RESOURCE_TOPICS.resourceChanged,
      event: { resourceId: id, ownerId: host.user.id, status: 'active', kind: 'approved' },
    };
    // A retried job (same id) writes nothing more; only a new job (a new event) would.
    expect(await createNotifications(t.app.deps, job, 'retried-job')).toBe(1);
    expect(await createNotifications(t.app.deps, job, 'retried-job')).toBe(0);
    // Through Redis every instance hears every event; only the one that published it queues the job. Here an
    // event delivered as if from another instance reaches the `on` listeners and creates nothing.
    (t.app.deps.bus as any).emitter.emit(RESOURCE_TOPICS.resourceChanged, job.event);
    await sleep(800);
    const [{ n }] = await sql(`select count(*)::int as n from notifications where user_id = ? and kind = 'listing_approved'`, [
      host.user.id,
    ]);
    expect(n).toBe(2); // the event's own, and the one written by hand above
  });
});

describe('listing and marking read', () => {
  let host: MadeUser;
  let ids: string[];
  beforeAll(async () => {
    host = await createUser(t.app, { role: 'host_seller' });
    for (const title of ['One', 'Two', 'Three']) await activeListing(t, { owner: host, admin }, { title });
    for (let i = 0; i < 100 && (await list(host)).body.total < 3; i++) await sleep(100);
    ids = (await list(host)).body.items.map((n: any) => n.id);
  });

  it('lists newest first, a page at a time, with the unread count', async () => {
    const p1 = (await list(host, '?page=1&page_size=2')).body;
    expect(p1).toMatchObject({ total: 3, page: 1, page_size: 2, unread_count: 3 });
    expect(p1.items.map((n: any) => n.params.resource_title)).toEqual(['Three', 'Two']);
    expect((await list(host, '?page=2&page_size=2')).body.items.map((n: any) => n.params.resource_title)).toEqual(['One']);
  });

  it('refuses bad input with 400 and marks nothing', async () => {
    const refusals: Array<[unknown, string]> = [
      [{}, M.readWhat],
      [{ ids: [] }, M.readWhat],
      [{ ids: ['nope'] }, M.badId],
      [{ all: 'yes' }, M.readWhat],
      [{ ids: Array(101).fill(ids[0]) }, M.tooManyIds],
      [{ all: true, extra: 1 }, 'Unrecognized key: "extra"'],
    ];
    for (const [body, message] of refusals) {
      const res = await t.api('POST', '/api/notifications/read', body, host.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBe(message);
    }
    expect((await list(host, '?page_size=0')).status).toBe(400);
    expect((await list(host, '?page=abc')).status).toBe(400);
    expect((await list(host)).body.unread_count).toBe(3);
  });

  it('does not show or mark another user’s notifications', async () => {
    const other = await createUser(t.app, { role: 'host_seller' });
    expect((await list(other)).body).toMatchObject({ total: 0, unread_count: 0, items: [] });
    const res = await t.api('POST', '/api/notifications/read', { ids }, other.token);
    expect(res.body).toEqual({ updated: 0, unread_count: 0 });
    expect((await list(host)).body.unread_count).toBe(3);
    expect((await t.api('GET', '/api/notifications')).status).toBe(401);
  });

  it('marks some, then all, read', async () => {
    const res = await t.api('POST', '/api/notifications/read', { ids: [ids[0]] }, host.token);
    expect(res.body).toEqual({ updated: 1, unread_count: 2 });
    expect((await list(host)).body.items[0]).toMatchObject({ id: ids[0], read: true });
    expect((await t.api('POST', '/api/notifications/read', { all: true }, host.token)).body).toEqual({ updated: 2, unread_count: 0 });
  });

  it('offers the same over GraphQL', async () => {
    const q = await t.gql(
      `{ myNotifications(pageSize: 2) { total unreadCount items { kind link params { resourceTitle } readAt } } }`,
      {},
      host.token,
    );
    expect(q.data.myNotifications).toMatchObject({ total: 3, unreadCount: 0 });
    expect(q.data.myNotifications.items[0]).toMatchObject({ kind: 'listing_approved', params: { resourceTitle: 'Three' } });
    await sql(`update notifications set read_at = null where user_id = ?`, [host.user.id]);
    const m = await t.gql(`mutation($ids: [ID!]) { markNotificationsRead(ids: $ids) }`, { ids: [ids[1]] }, host.token);
    expect(m.data.markNotificationsRead).toBe(2);
    const all = await t.gql(`mutation { markNotificationsRead(all: true) }`, {}, host.token);
    expect(all.data.markNotificationsRead).toBe(0);
    const bad = await t.gql(`mutation { markNotificationsRead }`, {}, host.token);
    expect(bad.errors?.[0]).toMatchObject({ message: M.readWhat, extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('preferences', () => {
  it('lists every mailed kind on by default, saves changes, and refuses unknown kinds writing nothing', async () => {
    const u = await createUser(t.app);
    const get = await t.api('GET', '/api/notifications/preferences', undefined, u.token);
    expect(get.body.email).toEqual(Object.fromEntries(EMAILED_KINDS.map((k) => [k, true])));
    const put = await t.api('PUT', '/api/notifications/preferences', { email: { review_reply: false } }, u.token);
    expect(put.status).toBe(200);
    expect(put.body.email.review_reply).toBe(false);
    for (const body of [
      {},
      { email: {} },
      { email: { message_new: false } },
      { email: { bogus: true } },
      { email: { review_reply: 'no' } },
    ]) {
      const res = await t.api('PUT', '/api/notifications/preferences', body, u.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [{ n }] = await sql(`select count(*)::int as n from notification_preferences where user_id = ?`, [u.user.id]);
    expect(n).toBe(1);
    const g = await t.gql(
      `mutation { setNotificationPreferences(email: [{ kind: "booking_new", email: false }]) { kind email } }`,
      {},
      u.token,
    );
    expect(g.data.setNotificationPreferences).toContainEqual({ kind: 'booking_new', email: false });
    const q = await t.gql(`{ notificationPreferences { kind email } }`, {}, u.token);
    expect(q.data.notificationPreferences).toContainEqual({ kind: 'review_reply', email: false });
  });

  it('sends no mail for a kind turned off, and still lists the notification', async () => {
    const host = await createUser(t.app, { role: 'host_seller' });
    await t.api('PUT', '/api/notifications/preferences', { email: { listing_approved: false } }, host.token);
    await activeListing(t, { owner: host, admin }, { title: 'Quiet' });
    await arrives(host, 'listing_approved');
    await t.mailsSent();
    expect(mailsTo(host.email)).toHaveLength(0);
  });
});

describe('notificationAdded', () => {
  it('delivers a new notification to its recipient only', async () => {
    const host = await createUser(t.app, { role: 'host_seller' });
    const other = await createUser(t.app, { role: 'host_seller' });
    const got: Record<string, string[]> = { host: [], other: [] };
    const Q = 'subscription { notificationAdded { id kind params { resourceTitle } } }';
    await Promise.all(
      Object.entries({ host, other }).map(([name, who]) => {
        const client = t.ws(who.token);
        const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
        client.subscribe(
          { query: Q },
          {
            next: (v) => got[name].push((v.data as any)?.notificationAdded?.params?.resourceTitle),
            error: () => {},
            complete: () => {},
          },
        );
        return connected;
      }),
    );
    await sleep(300);
    await activeListing(t, { owner: host, admin }, { title: 'Live crane' });
    for (let i = 0; i < 60 && !got.host.length; i++) await sleep(100);
    await sleep(300);
    expect(got.host).toEqual(['Live crane']);
    expect(got.other).toEqual([]);
  });
});
