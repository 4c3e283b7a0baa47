import type { AnalyticsPeriodName } from '../../shared/analytics.rules.js';

type BucketUnit = 'day' | 'week' | 'month';

export interface PeriodWindow {
  period: AnalyticsPeriodName;
  /** Inclusive start of the chosen period (UTC). */
  start: Date;
  /** Exclusive end of the chosen period (UTC): the start of tomorrow, or of next month for a year. */
  end: Date;
  /** Inclusive start of the previous period of the same length; it ends at `start`. */
  prevStart: Date;
  bucket: BucketUnit;
  /** Start of each bucket of the trend, oldest first. */
  buckets: Date[];
}

const DAY = 86_400_000;

/**
 * The analytics periods (docs/decisions.md "Analytics"), whole UTC days ending with today:
 * week = last 7 days by day, month = last 30 days by day, quarter = last 91 days (13 weeks) by week,
 * year = last 12 calendar months (this one included) by month. The previous period is the one just before.
 */
export function periodWindow(period: AnalyticsPeriodName, now: Date = new Date()): PeriodWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (period === 'year') {
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth();
    const buckets = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(y, m - 11 + i, 1)));
    return {
      period,
      start: buckets[0],
      end: new Date(Date.UTC(y, m + 1, 1)),
      prevStart: new Date(Date.UTC(y, m - 23, 1)),
      bucket: 'month',
      buckets,
    };
  }
  const days = period === 'week' ? 7 : period === 'month' ? 30 : 91;
  const bucket: BucketUnit = period === 'quarter' ? 'week' : 'day';
  const step = bucket === 'week' ? 7 : 1;
  const end = today + DAY;
  const start = end - days * DAY;
  const buckets = Array.from({ length: days / step }, (_, i) => new Date(start + i * step * DAY));
  return { period, start: new Date(start), end: new Date(end), prevStart: new Date(start - days * DAY), bucket, buckets };
}
