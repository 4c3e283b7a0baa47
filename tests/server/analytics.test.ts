import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser, type MadeUser } from '../support/factories.js';
import { periodWindow } from '../../server/src/modules/analytics/analytics.periods.js';

/**
 * A small hand-computed data set (see the comments beside each row) and the exact figures the admin stats,
 * the analytics report and the public home stats must give for it.
 */
let t: TestApp;
let admin: MadeUser;
let host: MadeUser;
let c1: MadeUser;
let c2: MadeUser;
let c3: MadeUser;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();
const month = periodWindow('month', new Date(now));
const s = month.start.getTime();
const iso = (ms: number) => new Date(ms).toISOString();

const sql = async <T = any>(query: string, params: unknown[] = []): Promise<T[]> =>
  t.app.orm.em.fork().getConnection().execute(query, params);

const ids = { r1: randomUUID(), r2: randomUUID(), r3: randomUUID(), r4: randomUUID() };
let inquiryToAnswer: string;

async function resource(id: string, category: string, status: string) {
  await sql(
    `insert into resources (id, owner_id, title, description, category, price, period, location, status)
     values (?, ?, ?, 'A test listing', ?, 100, 'day', 'Riyadh', ?)`,
    [id, host.user.id, `${category} ${status}`, category, status],
  );
}

/** A booking (and its paid payment when paidAt is given). Time ranges never overlap on one listing. */
async function booking(o: {
  user: MadeUser;
  resource: string;
  created: number;
  status: string;
  from: number;
  hours: number;
  paidAt?: number;
  subtotal?: number;
}) {
  const id = randomUUID();
  await sql(
    `insert into bookings (id, resource_id, user_id, start_date, end_date, periods, unit_price, total_amount, status, payment_status, created_at)
     values (?, ?, ?, ?, ?, 1, 100, ?, ?, ?, ?)`,
    [
      id,
      o.resource,
      o.user.user.id,
      iso(o.from),
      iso(o.from + o.hours * HOUR),
      o.subtotal ?? 100,
      o.status,
      o.paidAt != null ? 'paid' : 'pending',
      iso(o.created),
    ],
  );
  if (o.paidAt != null) {
    const sub = o.subtotal!;
    await sql(
      `insert into payments (id, booking_id, user_id, method, gateway, status, subtotal, vat, amount, paid_at)
       values (?, ?, ?, 'card', 'sandbox', 'paid', ?, ?, ?, ?)`,
      [randomUUID(), id, o.user.user.id, sub, sub * 0.15, sub * 1.15, iso(o.paidAt)],
    );
  }
}

async function inquiry(created: number, firstResponseAfterHours: number | null) {
  const id = randomUUID();
  await sql(
    `insert into inquiries (id, full_name, email, message, status, created_at, updated_at, first_response_at)
     values (?, 'Visitor', 'visitor@example.sa', 'Hello', ?, ?, ?, ?)`,
    [
      id,
      firstResponseAfterHours == null ? 'new' : 'in_progress',
      iso(created),
      iso(created),
      firstResponseAfterHours == null ? null : iso(created + firstResponseAfterHours * HOUR),
    ],
  );
  return id;
}

const FAR = Date.UTC(2031, 0, 1);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  host = await createUser(t.app, { role: 'host_seller' });
  c1 = await createUser(t.app);
  c2 = await createUser(t.app);
  c3 = await createUser(t.app);

  await resource(ids.r1, 'Office Space', 'active');
  await resource(ids.r2, 'Equipment', 'active');
  await resource(ids.r3, 'Vehicles', 'pending');
  await resource(ids.r4, 'Equipment', 'rejected');

  // This month period [s, tomorrow): 5 bookings created, 3 paid (1000 + 500 + 300 SAR), c1 pays twice.
  await booking({
    user: c1,
    resource: ids.r1,
    created: s,
    status: 'completed',
    from: now - 10 * DAY,
    hours: 24,
    paidAt: s,
    subtotal: 1000,
  }); // paid exactly at the start
  await booking({
    user: c1,
    resource: ids.r2,
    created: s + 2 * DAY,
    status: 'confirmed',
    from: FAR,
    hours: 24,
    paidAt: s + 2 * DAY,
    subtotal: 500,
  });
  await booking({
    user: c2,
    resource: ids.r1,
    created: s + 3 * DAY,
    status: 'active',
    from: now - HOUR,
    hours: 12,
    paidAt: s + 3 * DAY,
    subtotal: 300,
  });
  await booking({ user: c3, resource: ids.r2, created: s + 4 * DAY, status: 'pending', from: FAR + 2 * DAY, hours: 24 });
  await booking({ user: c3, resource: ids.r1, created: s + 5 * DAY, status: 'cancelled', from: FAR, hours: 24 });
  // Previous month period [s − 30 days, s): 2 bookings created, 1 paid (200 SAR), one second before the start.
  await booking({
    user: c2,
    resource: ids.r2,
    created: s - 1000,
    status: 'completed',
    from: now - 40 * DAY,
    hours: 11 * 24,
    paidAt: s - 1000,
    subtotal: 200,
  });
  await booking({ user: c3, resource: ids.r2, created: s - 5 * DAY, status: 'cancelled', from: FAR, hours: 24 });
  // Before both periods (counts only in totals and the year).
  await booking({
    user: c1,
    resource: ids.r1,
    created: month.prevStart.getTime() - DAY,
    status: 'completed',
    from: Date.UTC(2020, 0, 1),
    hours: 24,
    paidAt: month.prevStart.getTime() - 1000,
    subtotal: 9999,
  });

  // Inquiries: this period's first responses after 2, 4 and 10 hours (median 4); previous period 8 hours.
  await inquiry(s + HOUR, 2);
  await inquiry(s + 2 * HOUR, 4);
  await inquiry(s + DAY, 10);
  inquiryToAnswer = await inquiry(s + 2 * DAY, null);
  await inquiry(s - DAY, 8);
});
afterAll(async () => {
  await t?.close();
});

describe('admin stats', () => {
  it('computes every card from the data (revenue without VAT, utilization over the last 30 days)', async () => {
    const [{ n }] = await sql<{ n: number }>('select count(*)::int n from users');
    const res = await t.api('GET', '/api/admin/stats', undefined, admin.token);
    expect(res.status).toBe(200);
    // Utilization: 2 active physical listings × 720 h; booked 24 h (completed) + 1 h (active, started an hour ago)
    // + 24 h (the 11-day booking's last day inside the window) = 49 h → 3.40 %.
    expect(res.body).toEqual({
      total_users: n,
      active_resources: 2,
      pending_resources: 1,
      active_bookings: 2,
      total_revenue: 11999,
      utilization_rate: 3.4,
      new_inquiries: 1,
      payments_configured: true,
    });
    const gql = await t.gql(
      '{ adminStats { totalUsers activeResources activeBookings totalRevenue utilizationRate pendingResources newInquiries } }',
      {},
      admin.token,
    );
    expect(gql.data.adminStats).toEqual({
      totalUsers: n,
      activeResources: 2,
      activeBookings: 2,
      totalRevenue: 11999,
      utilizationRate: 3.4,
      pendingResources: 1,
      newInquiries: 1,
    });
  });
});

describe('admin analytics', () => {
  it('month: exact figures, the start boundary is inside, one second before it is the previous period', async () => {
    const res = await t.api('GET', '/api/admin/analytics?period=month', undefined, admin.token);
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r).toMatchObject({
      period: 'month',
      start: month.start.toISOString(),
      end: month.end.toISOString(),
      previous_start: month.prevStart.toISOString(),
      bucket: 'day',
    });
    expect(r.revenue).toEqual({ value: 1800, previous: 200, change: 800 });
    expect(r.paid_bookings).toEqual({ value: 3, previous: 1, change: 200 });
    expect(r.bookings_created).toEqual({ value: 5, previous: 2, change: 150 });
    expect(r.average_booking_value).toEqual({ value: 600, previous: 200, change: 200 });
    expect(r.conversion_rate).toEqual({ value: 60, previous: 50, change: 20 });
    // c1 paid twice, c2 once → 50 %; previously only c2 once → 0 % (no relative change from 0).
    expect(r.retention_rate).toEqual({ value: 50, previous: 0, change: null });
    expect(r.median_first_response_hours).toEqual({ value: 4, previous: 8, change: -50 });
    expect(r.bookings_by_category).toEqual([
      { category: 'Office Space', bookings: 3, percent: 60 },
      { category: 'Equipment', bookings: 2, percent: 40 },
    ]);
    expect(r.revenue_trend).toHaveLength(30);
    expect(r.revenue_trend[0]).toEqual({ bucket_start: month.start.toISOString(), revenue: 1000, paid_bookings: 1 });
    expect(r.revenue_trend[2]).toEqual({ bucket_start: iso(s + 2 * DAY), revenue: 500, paid_bookings: 1 });
    expect(r.revenue_trend[3]).toEqual({ bucket_start: iso(s + 3 * DAY), revenue: 300, paid_bookings: 1 });
    expect(r.revenue_trend.reduce((a: number, b: { revenue: number }) => a + b.revenue, 0)).toBe(1800);
    // Utilization of [s, now): booked 24 h + 1 h + the 11-day booking's hours after s, over 2 listings.
    const hours = (now - s) / HOUR;
    const booked = 24 + 1 + (now - 29 * DAY - s) / HOUR;
    expect(r.utilization_rate.value).toBeCloseTo((booked / (2 * hours)) * 100, 1);
  });

  it('week, quarter and year have their buckets; the year holds every payment of the last 12 months', async () => {
    const week = (await t.api('GET', '/api/admin/analytics?period=week', undefined, admin.token)).body;
    expect(week.bucket).toBe('day');
    expect(week.revenue_trend).toHaveLength(7);
    expect(week.revenue.value).toBe(0);
    const quarter = (await t.api('GET', '/api/admin/analytics?period=quarter', undefined, admin.token)).body;
    expect(quarter.bucket).toBe('week');
    expect(quarter.revenue_trend).toHaveLength(13);
    expect(quarter.revenue.value).toBe(11999);
    const year = (await t.api('GET', '/api/admin/analytics?period=year', undefined, admin.token)).body;
    expect(year.bucket).toBe('month');
    expect(year.revenue_trend).toHaveLength(12);
    expect(year.revenue.value).toBe(11999);
    expect(year.revenue_trend.reduce((a: number, b: { revenue: number }) => a + b.revenue, 0)).toBe(11999);
    expect(year.retention_rate.value).toBe(100); // c1 paid 3 times, c2 twice
  });

  it('GraphQL adminAnalytics answers the same figures in camelCase', async () => {
    const q = `query($p: AnalyticsPeriod) { adminAnalytics(period: $p) { period bucket revenue { value previous change }
      conversionRate { value } revenueTrend { bucketStart revenue paidBookings } bookingsByCategory { category bookings percent } } }`;
    const res = await t.gql(q, { p: 'month' }, admin.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.adminAnalytics).toMatchObject({
      period: 'month',
      bucket: 'day',
      revenue: { value: 1800, previous: 200, change: 800 },
      conversionRate: { value: 60 },
    });
    expect(res.data.adminAnalytics.revenueTrend[0]).toEqual({ bucketStart: month.start.toISOString(), revenue: 1000, paidBookings: 1 });
    expect(res.data.adminAnalytics.bookingsByCategory[0]).toEqual({ category: 'Office Space', bookings: 3, percent: 60 });
  });

  it('is for admins only and refuses an unknown period', async () => {
    expect((await t.api('GET', '/api/admin/analytics?period=month')).status).toBe(401);
    for (const u of [host, c1]) {
      expect((await t.api('GET', '/api/admin/analytics?period=month', undefined, u.token)).status).toBe(403);
      expect((await t.api('GET', '/api/admin/stats', undefined, u.token)).status).toBe(403);
      const g = await t.gql('{ adminAnalytics(period: week) { period } }', {}, u.token);
      expect(g.errors?.[0].extensions.code).toBe('FORBIDDEN');
    }
    const bad = await t.api('GET', '/api/admin/analytics?period=decade', undefined, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error ?? bad.body.message ?? JSON.stringify(bad.body)).toContain('Period must be one of week, month, quarter, year');
    const badGql = await t.gql('{ adminAnalytics(period: decade) { period } }', {}, admin.token);
    expect(badGql.errors).toBeDefined();
  });
});

describe('first response time', () => {
  it('is recorded when an admin first changes an inquiry status, and only then', async () => {
    const before = Date.now();
    const res = await t.api('PUT', `/api/inquiries/${inquiryToAnswer}`, { status: 'in_progress' }, admin.token);
    expect(res.status).toBe(200);
    const [row] = await sql<{ first_response_at: Date }>('select first_response_at from inquiries where id = ?', [inquiryToAnswer]);
    const first = new Date(row.first_response_at).getTime();
    expect(first).toBeGreaterThanOrEqual(before - 1000);
    await t.api('PUT', `/api/inquiries/${inquiryToAnswer}`, { status: 'resolved' }, admin.token);
    const [again] = await sql<{ first_response_at: Date }>('select first_response_at from inquiries where id = ?', [inquiryToAnswer]);
    expect(new Date(again.first_response_at).getTime()).toBe(first);
  });
});

describe('public home stats', () => {
  it('answers counts only, without signing in', async () => {
    const res = await t.api('GET', '/api/stats/public');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ active_resources: 2, completed_bookings: 3, businesses: 1 });
    const gql = await t.gql('{ publicStats { activeResources completedBookings businesses } }');
    expect(gql.data.publicStats).toEqual({ activeResources: 2, completedBookings: 3, businesses: 1 });
  });
});
