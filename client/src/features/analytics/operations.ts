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

export const HostAnalyticsQuery = graphql(`
  query HostAnalytics($period: AnalyticsPeriod) {
    hostAnalytics(period: $period) {
      period
      start
      end
      bucket
      trend {
        bucketStart
        views
        bookings
        revenue
      }
      totals {
        ...HostFigures_figures
      }
      listings {
        id
        title
        category
        status
        figures {
          ...HostFigures_figures
        }
      }
    }
  }

  fragment HostFigures_figures on HostFigures {
    views
    bookings
    paidBookings
    conversionRate
    revenue
    occupancyRate
    averageRating
    reviewsCount
  }
`);
