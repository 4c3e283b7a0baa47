import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { canListResources, UserStatus } from '../common/roles.js';
import type { User } from '../users/user.entity.js';
import type { ResourceStatus } from '../../shared/marketplace.rules.js';
import { analyticsQuerySchema, type AnalyticsPeriodName } from '../../shared/analytics.rules.js';
import { RIYADH_OFFSET_MS } from '../../shared/dates.js';
import { periodWindow } from './analytics.periods.js';

/** One listing's figures for the period, or the host's totals (then `listing` is null). */
export interface HostFigures {
  views: number;
  bookings: number;
  paidBookings: number;
  /** Percent of the period's views that became a booking; null without views. */
  conversionRate: number | null;
  /** SAR paid in the period, VAT excluded, after the platform's commission. */
  revenue: number;
  /** Percent of the period's hours (up to now) that live bookings occupy; null for digital listings. */
  occupancyRate: number | null;
  /** All visible reviews, not only the period's. */
  averageRating: number | null;
  reviewsCount: number;
}

interface HostListingFigures extends HostFigures {
  id: string;
  title: string;
  category: string;
  status: ResourceStatus;
}

export interface HostAnalyticsReport {
  period: AnalyticsPeriodName;
  start: string;
  end: string;
  bucket: 'day' | 'week' | 'month';
  trend: Array<{ bucketStart: string; views: number; bookings: number; revenue: number }>;
  totals: HostFigures;
  listings: HostListingFigures[];
}

const HOUR = 3_600_000;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const num = (v: unknown): number => (v == null ? 0 : Number(v));
const pct = (part: number, whole: number): number | null => (whole > 0 ? round((part / whole) * 100) : null);
const day = (d: Date) => new Date(d.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);

/**
 * A host's own listings over a period (docs/decisions.md "Analytics"): the admin's periods, but as Riyadh calendar
 * days, because a host reads "today" as the Saudi day and views are counted per Riyadh day.
 */
export function hostWindow(period: AnalyticsPeriodName, now: Date) {
  const w = periodWindow(period, new Date(now.getTime() + RIYADH_OFFSET_MS));
  const shift = (d: Date) => new Date(d.getTime() - RIYADH_OFFSET_MS);
  return { ...w, start: shift(w.start), end: shift(w.end), prevStart: shift(w.prevStart), buckets: w.buckets.map(shift) };
}

export class HostAnalyticsService {
  constructor(private em: EntityManager) {}

  async report(actor: User, raw: unknown, now: Date = new Date()): Promise<HostAnalyticsReport> {
    if (!canListResources(actor.role) || actor.status !== UserStatus.active) throw forbidden();
    const { period } = parse(analyticsQuerySchema, raw);
    const w = hostWindow(period, now);
    const s = w.start.toISOString();
    const e = w.end.toISOString();
    // Occupancy counts hours that have passed.
    const upTo = w.end.getTime() > now.getTime() ? now : w.end;
    const hours = Math.max(0, (upTo.getTime() - w.start.getTime()) / HOUR);
    const bucketIndex = (col: string) =>
      w.bucket === 'month'
        ? // Months of the Riyadh calendar: the index counts months from the period's first.
          `((extract(year from ${col} at time zone 'Asia/Riyadh') * 12 + extract(month from ${col} at time zone 'Asia/Riyadh'))
            - (extract(year from ?::timestamptz at time zone 'Asia/Riyadh') * 12 + extract(month from ?::timestamptz at time zone 'Asia/Riyadh')))::int`
        : `floor(extract(epoch from ${col} - ?::timestamptz) / ${w.bucket === 'week' ? 604800 : 86400})::int`;
    const bucketArgs = w.bucket === 'month' ? [s, s] : [s];

    // One statement: each listing's figures, then the trend rows (listing id null), so a host's page costs one trip.
    const rows = await this.em.getConnection().execute<
      Array<{
        id: string | null;
        i: number | null;
        title: string | null;
        category: string | null;
        status: ResourceStatus | null;
        resource_type: string | null;
        rating: string | number | null;
        reviews_count: number | null;
        views: string | number;
        bookings: string | number;
        paid: string | number;
        revenue: string | number;
        booked_hours: string | number;
      }>
    >(
      `with mine as (
         select id, title, category, status, resource_type, rating, reviews_count, created_at
           from resources where owner_id = ? and deleted_at is null
       ),
       v as (
         select resource_id, day, views from resource_daily_views
          where resource_id in (select id from mine) and day >= ?::date and day < ?::date
       ),
       b as (
         select resource_id, created_at, payment_status from bookings
          where resource_id in (select id from mine) and created_at >= ?::timestamptz and created_at < ?::timestamptz
       ),
       p as (
         -- Before VAT, after the platform's commission (kept in halalas on the payment's split, when it has one): the VAT
         -- a VAT-registered host pays on the commission is input VAT it recovers, not a cost (docs/money.md).
         select b.resource_id, p.paid_at,
                p.subtotal - coalesce(s.commission / 100.0, 0) as subtotal
           from payments p join bookings b on b.id = p.booking_id left join payment_splits s on s.payment_id = p.id
          where b.resource_id in (select id from mine) and p.status = 'paid'
            and p.paid_at >= ?::timestamptz and p.paid_at < ?::timestamptz
       ),
       o as (
         select resource_id,
                sum(extract(epoch from least(end_date, ?::timestamptz) - greatest(start_date, ?::timestamptz))) / 3600.0 as h
           from bookings
          where resource_id in (select id from mine) and exclusive and status in ('confirmed', 'active', 'completed')
            and end_date > ?::timestamptz and start_date < ?::timestamptz
          group by resource_id
       )
       select m.id, null::int as i, m.title, m.category, m.status, m.resource_type, m.rating, m.reviews_count,
              coalesce((select sum(views) from v where v.resource_id = m.id), 0) as views,
              (select count(*) from b where b.resource_id = m.id) as bookings,
              (select count(*) from b where b.resource_id = m.id and b.payment_status = 'paid') as paid,
              coalesce((select sum(subtotal) from p where p.resource_id = m.id), 0) as revenue,
              coalesce((select h from o where o.resource_id = m.id), 0) as booked_hours
         from mine m
       union all
       select null, t.i, null, null, null, null, null, null, sum(t.views), sum(t.bookings), 0, sum(t.revenue), 0
         from (
           select ${bucketIndex(`(day::timestamp at time zone 'Asia/Riyadh')`)} as i, views, 0 as bookings, 0 as revenue from v
           union all select ${bucketIndex('created_at')}, 0, 1, 0 from b
           union all select ${bucketIndex('paid_at')}, 0, 0, subtotal from p
         ) t
        group by t.i
       order by 3 nulls last, 1`,
      [
        actor.id,
        day(w.start),
        day(w.end),
        s,
        e,
        s,
        e,
        upTo.toISOString(),
        s,
        s,
        upTo.toISOString(),
        ...bucketArgs,
        ...bucketArgs,
        ...bucketArgs,
      ],
    );

    const listings: HostListingFigures[] = [];
    const trend = new Map<number, { views: number; bookings: number; revenue: number }>();
    for (const r of rows) {
      if (r.id == null) {
        trend.set(Number(r.i), { views: num(r.views), bookings: num(r.bookings), revenue: round(num(r.revenue)) });
        continue;
      }
      const views = num(r.views);
      const bookings = num(r.bookings);
      const reviews = num(r.reviews_count);
      listings.push({
        id: r.id,
        title: r.title ?? '',
        category: r.category ?? '',
        status: r.status!, // a listing's row: only the trend rows (id null) have no status
        views,
        bookings,
        paidBookings: num(r.paid),
        conversionRate: pct(bookings, views),
        revenue: round(num(r.revenue)),
        occupancyRate: r.resource_type === 'physical' ? (pct(num(r.booked_hours), hours) ?? 0) : null,
        averageRating: reviews > 0 ? round(num(r.rating)) : null,
        reviewsCount: reviews,
      });
    }
    const sum = (f: (l: HostListingFigures) => number) => listings.reduce((a, l) => a + f(l), 0);
    const physical = listings.filter((l) => l.occupancyRate != null);
    const views = sum((l) => l.views);
    const bookings = sum((l) => l.bookings);
    const reviewsCount = sum((l) => l.reviewsCount);
    const totals: HostFigures = {
      views,
      bookings,
      paidBookings: sum((l) => l.paidBookings),
      conversionRate: pct(bookings, views),
      revenue: round(sum((l) => l.revenue)),
      // Occupancy of all physical listings together: their booked hours over their available hours.
      occupancyRate: physical.length ? round(physical.reduce((a, l) => a + (l.occupancyRate ?? 0), 0) / physical.length) : null,
      averageRating: reviewsCount > 0 ? round(sum((l) => (l.averageRating ?? 0) * l.reviewsCount) / reviewsCount) : null,
      reviewsCount,
    };
    return {
      period,
      start: s,
      end: e,
      bucket: w.bucket,
      trend: w.buckets.map((b, i) => ({ bucketStart: b.toISOString(), ...(trend.get(i) ?? { views: 0, bookings: 0, revenue: 0 }) })),
      totals,
      listings,
    };
  }
}
