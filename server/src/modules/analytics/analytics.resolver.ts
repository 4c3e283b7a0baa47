import { Arg, Authorized, Ctx as Context, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Role } from '../common/roles.js';
import { AdminAnalytics, AnalyticsPeriod, HostAnalytics, PublicStats } from './analytics.types.js';
import type { AnalyticsReport } from './analytics.service.js';

/** The REST report (snake_case) in GraphQL's camelCase. */
function toGraphql(r: AnalyticsReport): AdminAnalytics {
  return {
    period: r.period as AnalyticsPeriod,
    start: r.start,
    end: r.end,
    previousStart: r.previous_start,
    bucket: r.bucket,
    revenueTrend: r.revenue_trend.map((b) => ({ bucketStart: b.bucket_start, revenue: b.revenue, paidBookings: b.paid_bookings })),
    bookingsByCategory: r.bookings_by_category,
    revenue: r.revenue,
    paidBookings: r.paid_bookings,
    bookingsCreated: r.bookings_created,
    averageBookingValue: r.average_booking_value,
    conversionRate: r.conversion_rate,
    retentionRate: r.retention_rate,
    medianFirstResponseHours: r.median_first_response_hours,
    utilizationRate: r.utilization_rate,
  };
}

@Resolver()
export class AnalyticsResolver {
  @Authorized(Role.admin)
  @Query(() => AdminAnalytics, { description: 'Admin › Analytics for a period (default month)' })
  async adminAnalytics(
    @Arg('period', () => AnalyticsPeriod, { nullable: true }) period: AnalyticsPeriod | null,
    @Context() ctx: Ctx,
  ): Promise<AdminAnalytics> {
    return toGraphql(await ctx.services.analytics.report(ctx.user!, { period }));
  }

  @Authorized()
  @Query(() => HostAnalytics, { description: "Host › Analytics of the caller's own listings for a period (default month)" })
  async hostAnalytics(
    @Arg('period', () => AnalyticsPeriod, { nullable: true }) period: AnalyticsPeriod | null,
    @Context() ctx: Ctx,
  ): Promise<HostAnalytics> {
    const r = await ctx.services.hostAnalytics.report(ctx.user!, { period });
    return {
      ...r,
      period: r.period as AnalyticsPeriod,
      listings: r.listings.map(({ id, title, category, status, ...figures }) => ({ id, title, category, status, figures })),
    };
  }

  @Query(() => PublicStats, { description: 'Home page figures: active listings, completed bookings, listing businesses' })
  async publicStats(@Context() ctx: Ctx): Promise<PublicStats> {
    const s = await ctx.services.analytics.publicStats();
    return { activeResources: s.active_resources, completedBookings: s.completed_bookings, businesses: s.businesses };
  }
}
