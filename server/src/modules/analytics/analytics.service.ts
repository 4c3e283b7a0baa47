import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { parse } from '../common/validate.js';
import { requireAdmin } from '../common/roles.js';
import type { User } from '../users/user.entity.js';
import { analyticsQuerySchema, type AnalyticsPeriodName } from '../../shared/analytics.rules.js';
import { periodWindow } from './analytics.periods.js';

/** A figure of the chosen period beside the same figure of the previous period. */
interface Compared {
  value: number | null;
  previous: number | null;
  /** Relative change in percent, (value − previous) / previous × 100, 1 decimal; null when previous is 0 or null. */
  change: number | null;
}

export interface AnalyticsReport {
  period: AnalyticsPeriodName;
  start: string;
  end: string;
  previous_start: string;
  bucket: 'day' | 'week' | 'month';
  /** Paid revenue (payments' subtotal, VAT excluded) and paid bookings per bucket, oldest first. */
  revenue_trend: Array<{ bucket_start: string; revenue: number; paid_bookings: number }>;
  /** Bookings created in the period, by listing category. */
  bookings_by_category: Array<{ category: string; bookings: number; percent: number }>;
  revenue: Compared;
  paid_bookings: Compared;
  bookings_created: Compared;
  average_booking_value: Compared;
  conversion_rate: Compared;
  retention_rate: Compared;
  median_first_response_hours: Compared;
  utilization_rate: Compared;
}

export interface PublicStats {
  active_resources: number;
  completed_bookings: number;
  businesses: number;
}

const HOUR = 3_600_000;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const num = (v: unknown): number => (v == null ? 0 : Number(v));
const pct = (part: number, whole: number): number | null => (whole > 0 ? round((part / whole) * 100) : null);

function compare(value: number | null, previous: number | null): Compared {
  const change = value != null && previous != null && previous !== 0 ? round(((value - previous) / previous) * 100, 1) : null;
  return { value, previous, change };
}

/**
 * Booked hours / available hours of active listings; the SQL in one place for stats and analytics.
 * @public bench/analytics.mjs times it from server/dist, where knip cannot follow the import.
 */
export const UTILIZATION_SQL = `
  with w as (select ?::timestamptz as s, ?::timestamptz as e),
  live as (
    select r.id from resources r
    where r.status = 'active' and r.deleted_at is null and r.resource_type = 'physical'
  )
  select
    (select count(*) from live)::int as listings,
    (select coalesce(sum(extract(epoch from least(b.end_date, w.e) - greatest(b.start_date, w.s))), 0)
       from bookings b, w
      where b.status in ('confirmed', 'active', 'completed') and b.exclusive
        and b.end_date > w.s and b.start_date < w.e
        and b.resource_id in (select id from live)) / 3600.0 as booked_hours`;

export class AnalyticsService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private get db() {
    return this.em.getConnection();
  }

  /** Percent of the available hours of active physical listings that live bookings occupy in [start, end). */
  async utilization(start: Date, end: Date): Promise<number> {
    const [row] = await this.db.execute<Array<{ listings: number; booked_hours: string | number }>>(UTILIZATION_SQL, [
      start.toISOString(),
      end.toISOString(),
    ]);
    const available = num(row.listings) * ((end.getTime() - start.getTime()) / HOUR);
    return available > 0 ? round((num(row.booked_hours) / available) * 100) : 0;
  }

  /** The home page's public figures: nothing about any one user or any amount. */
  async publicStats(): Promise<PublicStats> {
    const [row] = await this.db.execute<Array<PublicStats>>(`
      select
        (select count(*) from resources where status = 'active' and deleted_at is null)::int as active_resources,
        (select count(*) from bookings where status = 'completed')::int as completed_bookings,
        (select count(distinct owner_id) from resources where status = 'active' and deleted_at is null)::int as businesses`);
    return {
      active_resources: num(row.active_resources),
      completed_bookings: num(row.completed_bookings),
      businesses: num(row.businesses),
    };
  }

  async report(actor: User, raw: unknown, now: Date = new Date()): Promise<AnalyticsReport> {
    requireAdmin(actor);
    const { period } = parse(analyticsQuerySchema, raw);
    const w = periodWindow(period, now);
    const s = w.start.toISOString();
    const e = w.end.toISOString();
    const ps = w.prevStart.toISOString();

    const moneyQ = this.db.execute<Array<Record<string, string | number>>>(
      `select
         coalesce(sum(subtotal) filter (where paid_at >= ?::timestamptz), 0) as revenue,
         count(*) filter (where paid_at >= ?::timestamptz)::int as paid,
         coalesce(sum(subtotal) filter (where paid_at < ?::timestamptz), 0) as prev_revenue,
         count(*) filter (where paid_at < ?::timestamptz)::int as prev_paid
       from payments
       where status = 'paid' and paid_at >= ?::timestamptz and paid_at < ?::timestamptz`,
      [s, s, s, s, ps, e],
    );
    const createdQ = this.db.execute<Array<Record<string, number>>>(
      `select
         count(*) filter (where created_at >= ?::timestamptz)::int as created,
         count(*) filter (where created_at >= ?::timestamptz and payment_status = 'paid')::int as paid,
         count(*) filter (where created_at < ?::timestamptz)::int as prev_created,
         count(*) filter (where created_at < ?::timestamptz and payment_status = 'paid')::int as prev_paid
       from bookings
       where created_at >= ?::timestamptz and created_at < ?::timestamptz`,
      [s, s, s, s, ps, e],
    );
    const retentionQ = this.db.execute<Array<{ cur: boolean; customers: number; returning: number }>>(
      `select cur, count(*)::int as customers, count(*) filter (where n > 1)::int as returning
         from (select user_id, paid_at >= ?::timestamptz as cur, count(*) as n
                 from payments
                where status = 'paid' and paid_at >= ?::timestamptz and paid_at < ?::timestamptz
                group by 1, 2) x
        group by cur`,
      [s, ps, e],
    );
    const responseQ = this.db.execute<Array<{ cur: boolean; median_s: string | number | null }>>(
      `select created_at >= ?::timestamptz as cur,
              percentile_cont(0.5) within group (order by extract(epoch from first_response_at - created_at)) as median_s
         from inquiries
        where created_at >= ?::timestamptz and created_at < ?::timestamptz and first_response_at is not null
        group by 1`,
      [s, ps, e],
    );
    const categoriesQ = this.db.execute<Array<{ category: string; n: number }>>(
      `select r.category, sum(b.n)::int as n
         from (select resource_id, count(*) as n from bookings
                where created_at >= ?::timestamptz and created_at < ?::timestamptz group by resource_id) b
         join resources r on r.id = b.resource_id
        group by r.category
        order by n desc, r.category`,
      [s, e],
    );
    const unitExpr =
      w.bucket === 'month'
        ? `((extract(year from paid_at at time zone 'UTC') * 12 + extract(month from paid_at at time zone 'UTC'))
            - (extract(year from ?::timestamptz at time zone 'UTC') * 12 + extract(month from ?::timestamptz at time zone 'UTC')))::int`
        : `floor(extract(epoch from paid_at - ?::timestamptz) / ${w.bucket === 'week' ? 604800 : 86400})::int`;
    const trendQ = this.db.execute<Array<{ i: number; revenue: string | number; n: number }>>(
      `select ${unitExpr} as i, sum(subtotal) as revenue, count(*)::int as n
         from payments
        where status = 'paid' and paid_at >= ?::timestamptz and paid_at < ?::timestamptz
        group by 1`,
      w.bucket === 'month' ? [s, s, s, e] : [s, s, e],
    );

    // Utilization counts hours that have passed: the period's end is capped at now.
    const capped = (to: Date) => (to.getTime() > now.getTime() ? now : to);
    // Independent aggregates: on PostgreSQL they run side by side on the pool's connections.
    const [[money], [created], retention, response, categories, trendRows, util, prevUtil] = await Promise.all([
      moneyQ,
      createdQ,
      retentionQ,
      responseQ,
      categoriesQ,
      trendQ,
      this.utilization(w.start, capped(w.end)),
      this.utilization(w.prevStart, w.start),
    ]);

    const byI = new Map(trendRows.map((r) => [Number(r.i), r]));
    const revenue = round(num(money.revenue));
    const prevRevenue = round(num(money.prev_revenue));
    const paid = num(money.paid);
    const prevPaid = num(money.prev_paid);
    const ret = (cur: boolean) => {
      const r = retention.find((x) => x.cur === cur);
      return r ? pct(num(r.returning), num(r.customers)) : null;
    };
    const median = (cur: boolean) => {
      const r = response.find((x) => x.cur === cur);
      return r && r.median_s != null ? round(num(r.median_s) / 3600) : null;
    };
    const totalCat = categories.reduce((a, c) => a + num(c.n), 0);

    return {
      period,
      start: w.start.toISOString(),
      end: w.end.toISOString(),
      previous_start: w.prevStart.toISOString(),
      bucket: w.bucket,
      revenue_trend: w.buckets.map((b, i) => ({
        bucket_start: b.toISOString(),
        revenue: round(num(byI.get(i)?.revenue)),
        paid_bookings: num(byI.get(i)?.n),
      })),
      bookings_by_category: categories.map((c) => ({ category: c.category, bookings: num(c.n), percent: pct(num(c.n), totalCat) ?? 0 })),
      revenue: compare(revenue, prevRevenue),
      paid_bookings: compare(paid, prevPaid),
      bookings_created: compare(num(created.created), num(created.prev_created)),
      average_booking_value: compare(paid > 0 ? round(revenue / paid) : null, prevPaid > 0 ? round(prevRevenue / prevPaid) : null),
      conversion_rate: compare(pct(num(created.paid), num(created.created)), pct(num(created.prev_paid), num(created.prev_created))),
      retention_rate: compare(ret(true), ret(false)),
      median_first_response_hours: compare(median(true), median(false)),
      utilization_rate: compare(util, prevUtil),
    };
  }
}
