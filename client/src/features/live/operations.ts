import { graphql } from '../../gql';

export const BookingUpdatedSubscription = graphql(`
  subscription BookingUpdated {
    bookingUpdated {
      ...BookingRow_booking
    }
  }
`);

export const ResourceReviewedSubscription = graphql(`
  subscription ResourceReviewed {
    resourceReviewed {
      ...ResourceCard_resource
      ...ResourceChanges_resource
    }
  }
`);

export const ResourceSubmittedSubscription = graphql(`
  subscription ResourceSubmitted {
    resourceSubmitted {
      ...ResourceCard_resource
      ...ResourceChanges_resource
    }
  }
`);

export const InquiryCreatedSubscription = graphql(`
  subscription InquiryCreated {
    inquiryCreated {
      ...InquiryFields
    }
  }
`);

export const InquiryUpdatedSubscription = graphql(`
  subscription InquiryUpdated {
    inquiryUpdated {
      ...InquiryFields
    }
  }
`);

export const StatsUpdatedSubscription = graphql(`
  subscription StatsUpdated {
    statsUpdated {
      totalUsers
      activeResources
      activeBookings
      totalRevenue
      utilizationRate
      pendingResources
      newInquiries
      paymentsConfigured
    }
  }
`);

/** The admin quick actions' badges: listings and hosts' edits awaiting review, and new inquiries. */
export const AdminBadgeCountsQuery = graphql(`
  query AdminBadgeCounts {
    resourceStatusCounts {
      total
      pending
      active
      rejected
      withdrawn
      changesPending
    }
    inquiryStats {
      total
      new
      inProgress
      resolved
      closed
    }
  }
`);

/** Admins: the ZATCA card's figures each time a document is signed, answered by ZATCA or resubmitted. */
export const ZatcaStatusUpdatedSubscription = graphql(`
  subscription ZatcaStatusUpdated {
    zatcaStatusUpdated {
      ...ZatcaStatusFields
    }
  }
`);
