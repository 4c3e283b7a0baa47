import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { Role } from '../common/roles.js';
import type { HostAnalyticsReport, HostFigures } from './host-analytics.service.js';

const figuresDto = (f: HostFigures) => ({
  views: f.views,
  bookings: f.bookings,
  paid_bookings: f.paidBookings,
  conversion_rate: f.conversionRate,
  revenue: f.revenue,
  occupancy_rate: f.occupancyRate,
  average_rating: f.averageRating,
  reviews_count: f.reviewsCount,
});

/** The one snake_case conversion of the host's report, at the REST edge. */
function hostAnalyticsDto(r: HostAnalyticsReport) {
  return {
    period: r.period,
    start: r.start,
    end: r.end,
    bucket: r.bucket,
    trend: r.trend.map((b) => ({ bucket_start: b.bucketStart, views: b.views, bookings: b.bookings, revenue: b.revenue })),
    totals: figuresDto(r.totals),
    listings: r.listings.map((l) => ({ id: l.id, title: l.title, category: l.category, status: l.status, ...figuresDto(l) })),
  };
}

/** GET /api/admin/analytics?period= (admins only), GET /api/host/analytics?period= (hosts) and GET /api/stats/public. */
export function analyticsRoutes(): Router {
  const r = Router();
  r.get(
    '/admin/analytics',
    route((req) => req.ctx.services.analytics.report(requireUser(req, Role.admin), req.query)),
  );
  r.get(
    '/host/analytics',
    route(async (req) => hostAnalyticsDto(await req.ctx.services.hostAnalytics.report(requireUser(req), req.query))),
  );
  r.get(
    '/stats/public',
    route((req) => req.ctx.services.analytics.publicStats()),
  );
  return r;
}
