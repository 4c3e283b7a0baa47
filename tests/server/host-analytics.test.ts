import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createBooking, createCrew, createUser, payBooking, type MadeUser } from '../support/factories.js';
import { hostWindow } from '../../server/src/modules/analytics/host-analytics.service.js';
import { viewCounter } from '../../server/src/modules/resources/view-counter.js';

/**
 * A host's analytics (issue #23) from what customers did through the API: views of the detail page, bookings,
 * a payment, and one past booking for occupancy. Another host's listing is there to be left out.
 */
let t: TestApp;
let crew: Awaited<ReturnType<typeof createCrew>>;
let other: MadeUser;
let c2: MadeUser;
let busy: string;
let quiet: string;
let theirs: string;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  crew = await createCrew(t.app);
  other = await createUser(t.app, { role: 'host_seller' });
  c2 = await createUser(t.app);
  busy = await activeListing(t, { owner: crew.host, admin: crew.admin }, { title: 'Busy room', price: 100, period: 'day' });
  quiet = await activeListing(t, { owner: crew.host, admin: crew.admin }, { title: 'Quiet room', price: 50, period: 'day' });
  theirs = await activeListing(t, { owner: other, admin: crew.admin }, { title: 'Their room' });

  // Views: two customers on the busy room (one of them twice: counted once), one on the quiet room, the owner's
  // own view (never counted), and a view of another host's listing.
  for (const [who, id] of [
    [crew.user, busy],
    [crew.user, busy],
    [c2, busy],
    [crew.user, quiet],
    [crew.host, busy],
    [crew.user, theirs],
  ] as const) {
    expect((await t.api('GET', `/api/resources/${id}`, undefined, who.token)).status).toBe(200);
  }
  // Counted views are written about once a second; the analytics below read what is written.
  await viewCounter(t.app.deps).flush();

  // Two bookings of the busy room in the coming days, one paid (100 SAR a day, 2 days = 200 SAR before VAT).
  const start = new Date(Math.ceil((Date.now() + 3 * DAY) / DAY) * DAY);
  const paid = await createBooking(t, crew.user, busy, start, new Date(start.getTime() + 2 * DAY));
  await payBooking(t, crew.user, paid.id);
  await createBooking(t, c2, busy, new Date(start.getTime() + 5 * DAY), new Date(start.getTime() + 6 * DAY));

  // A completed booking of the quiet room, made three weeks ago, that took the 24 hours before the last one: it
  // counts for occupancy, not as a booking of this week.
  await t.app.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into bookings (id, resource_id, user_id, start_date, end_date, periods, unit_price, total_amount, status, payment_status, created_at)
       values (?, ?, ?, ?, ?, 1, 50, 50, 'completed', 'pending', ?)`,
      [
        randomUUID(),
        quiet,
        c2.user.id,
        new Date(Date.now() - 2 * DAY).toISOString(),
        new Date(Date.now() - DAY).toISOString(),
        new Date(Date.now() - 21 * DAY).toISOString(),
      ],
    );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/host/analytics', () => {
  it("gives each of the host's listings and the totals for the period, computed from what happened", async () => {
    const res = await t.api('GET', '/api/host/analytics?period=week', undefined, crew.host.token);
    expect(res.status).toBe(200);
    const byTitle = Object.fromEntries(res.body.listings.map((l: any) => [l.title, l]));
    expect(Object.keys(byTitle).sort()).toEqual(['Busy room', 'Quiet room']);

    expect(byTitle['Busy room']).toMatchObject({
      id: busy,
      views: 2,
      bookings: 2,
      paid_bookings: 1,
      conversion_rate: 100,
      // 200 SAR before VAT (230 with it), less the default 10 % commission on the 200 before VAT (20.00).
      revenue: 180,
      average_rating: null,
      reviews_count: 0,
    });
    // Future bookings occupy nothing yet.
    expect(byTitle['Busy room'].occupancy_rate).toBe(0);

    // 24 booked hours over the hours of the week so far (from Riyadh midnight six days ago until now).
    const w = hostWindow('week', new Date());
    const hours = (Date.now() - w.start.getTime()) / HOUR;
    expect(byTitle['Quiet room']).toMatchObject({ views: 1, bookings: 0, paid_bookings: 0, conversion_rate: 0, revenue: 0 });
    expect(byTitle['Quiet room'].occupancy_rate).toBeCloseTo((24 / hours) * 100, 1);

    expect(res.body.totals).toMatchObject({ views: 3, bookings: 2, paid_bookings: 1, revenue: 180, average_rating: null });
    expect(res.body.totals.conversion_rate).toBeCloseTo((2 / 3) * 100, 1);

    // Seven daily buckets from the Riyadh midnight six days ago; today's holds the views and bookings.
    expect(res.body).toMatchObject({ period: 'week', bucket: 'day', start: w.start.toISOString() });
    expect(res.body.trend).toHaveLength(7);
    expect(new Date(res.body.trend[0].bucket_start).getTime()).toBe(w.start.getTime());
    const today = res.body.trend.at(-1);
    expect(today).toMatchObject({ views: 3, bookings: 2, revenue: 180 });
    expect(res.body.trend.slice(0, -1).every((b: any) => b.views === 0 && b.bookings === 0)).toBe(true);
  });

  it('shows another host only their own listings', async () => {
    const res = await t.api('GET', '/api/host/analytics', undefined, other.token);
    expect(res.status).toBe(200);
    expect(res.body.period).toBe('month');
    expect(res.body.listings.map((l: any) => l.id)).toEqual([theirs]);
    expect(res.body.totals).toMatchObject({ views: 1, bookings: 0, revenue: 0 });
  });

  it('refuses a customer account, a visitor and an unknown period', async () => {
    expect((await t.api('GET', '/api/host/analytics', undefined, crew.user.token)).status).toBe(403);
    expect((await t.api('GET', '/api/host/analytics')).status).toBe(401);
    const bad = await t.api('GET', '/api/host/analytics?period=decade', undefined, crew.host.token);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Period must be one of week, month, quarter, year');
  });

  it('answers the same over GraphQL', async () => {
    const res = await t.gql(
      `query($p: AnalyticsPeriod) { hostAnalytics(period: $p) { period bucket totals { views bookings paidBookings revenue }
         listings { title figures { views occupancyRate } } trend { views } } }`,
      { p: 'week' },
      crew.host.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.hostAnalytics.totals).toEqual({ views: 3, bookings: 2, paidBookings: 1, revenue: 180 });
    expect(res.data.hostAnalytics.listings).toHaveLength(2);
    expect(res.data.hostAnalytics.trend).toHaveLength(7);
    const denied = await t.gql(`{ hostAnalytics { totals { views } } }`, {}, crew.user.token);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("counts revenue before VAT after the platform's commission", async () => {
    // The admin raises the commission to 20 %; the quiet room (50 SAR a day) is booked for a day and paid: 57.50 with VAT.
    const set = await t.api(
      'PUT',
      '/api/admin/settings/marketplace',
      { commission_percent: 20, commission_fixed: 0, by_category: {} },
      crew.admin.token,
    );
    expect(set.status).toBe(200);
    const start = new Date(Math.ceil((Date.now() + 20 * DAY) / DAY) * DAY);
    const b = await createBooking(t, crew.user, quiet, start, new Date(start.getTime() + DAY));
    await payBooking(t, crew.user, b.id);

    // Commission 20 % of the 50 before VAT = 10.00; the host has no VAT number (Mawarid the deemed supplier): no VAT
    // on it, and the host keeps 50 − 10 of the price before VAT.
    const [split] = await t.app.orm.em
      .fork()
      .getConnection()
      .execute(
        `select s.commission, s.vat_on_commission from payment_splits s join payments p on p.id = s.payment_id where p.booking_id = ?`,
        [b.id],
      );
    expect(split).toEqual({ commission: 1000, vat_on_commission: 0 });
    const res = await t.api('GET', '/api/host/analytics?period=week', undefined, crew.host.token);
    const row = res.body.listings.find((l: any) => l.id === quiet);
    expect(row.revenue).toBe(40);
    expect(res.body.totals.revenue).toBe(220);
  });
});
