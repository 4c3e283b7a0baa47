import { graphql } from '../../gql';

export const AdminAnalyticsQuery = graphql(`
  query AdminAnalytics($period: AnalyticsPeriod) {
    adminAnalytics(period: $period) {
      period
      start
      end
      bucket
      revenueTrend {
        bucketStart
        revenue
        paidBookings
      }
      bookingsByCategory {
        category
        bookings
        percent
      }
      revenue {
        value
        previous
        change
      }
      paidBookings {
        value
        previous
        change
      }
      bookingsCreated {
        value
        previous
        change
      }
      averageBookingValue {
        value
        previous
        change
      }
      conversionRate {
        value
        previous
        change
      }
      retentionRate {
        value
        previous
        change
      }
      medianFirstResponseHours {
        value
        previous
        change
      }
      utilizationRate {
        value
        previous
        change
      }
    }
  }
`);

export const PublicStatsQuery = graphql(`
  query PublicStats {
    publicStats {
      activeResources
      completedBookings
      businesses
    }
  }
`);
