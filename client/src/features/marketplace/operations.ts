import { graphql } from '../../gql';

export const ResourceCardFragment = graphql(`
  fragment ResourceCard_resource on Resource {
    id
    title
    description
    category
    resourceType
    fileFormat
    price
    currency
    period
    location
    availability
    images
    rating
    reviewsCount
    viewsCount
    ownerId
    ownerName
    tags
    status
    rejectionReason
    createdAt
  }
`);

/** A host's edit awaiting review and the last refusal's reason (null for anyone but the owner and admins). */
export const ResourceChangesFragment = graphql(`
  fragment ResourceChanges_resource on Resource {
    id
    pendingChanges {
      title
      description
      category
      price
      period
      location
      tags
      images
      submittedAt
    }
    changesRejectionReason
  }
`);

export const ResourcesQuery = graphql(`
  query Resources($filter: ResourceFilterInput) {
    resources(filter: $filter) {
      total
      totalCapped
      page
      pageSize
      items {
        ...ResourceCard_resource
      }
    }
  }
`);

export const ResourceQuery = graphql(`
  query Resource($id: ID!) {
    resource(id: $id) {
      ...ResourceCard_resource
      ...ResourceChanges_resource
      cancellationPolicy
      openingHours {
        weekday
        opens
        closes
      }
    }
    resourceBusyRanges(resourceId: $id) {
      startDate
      endDate
    }
  }
`);

export const MyResourcesQuery = graphql(`
  query MyResources {
    myResources {
      ...ResourceCard_resource
      ...ResourceChanges_resource
    }
  }
`);

export const AdminResourcesQuery = graphql(`
  query AdminResources($filter: ResourceFilterInput) {
    adminResources(filter: $filter) {
      total
      page
      pageSize
      items {
        ...ResourceCard_resource
      }
    }
    resourceStatusCounts {
      total
      pending
      active
      rejected
      withdrawn
    }
  }
`);

/** The approvals queue of hosts' edits: each listing as live, with its pending revision. */
export const AdminResourceChangesQuery = graphql(`
  query AdminResourceChanges {
    adminResourceChanges {
      ...ResourceCard_resource
      ...ResourceChanges_resource
    }
  }
`);

export const ApproveResourceChangesMutation = graphql(`
  mutation ApproveResourceChanges($id: ID!) {
    approveResourceChanges(id: $id) {
      ...ResourceCard_resource
      ...ResourceChanges_resource
    }
  }
`);

export const RejectResourceChangesMutation = graphql(`
  mutation RejectResourceChanges($id: ID!, $reason: String) {
    rejectResourceChanges(id: $id, reason: $reason) {
      ...ResourceCard_resource
      ...ResourceChanges_resource
    }
  }
`);

export const DeleteResourceMutation = graphql(`
  mutation DeleteResource($id: ID!) {
    deleteResource(id: $id)
  }
`);

export const ApproveResourceMutation = graphql(`
  mutation ApproveResource($id: ID!) {
    approveResource(id: $id) {
      id
      status
      rejectionReason
    }
  }
`);

export const RejectResourceMutation = graphql(`
  mutation RejectResource($id: ID!, $reason: String) {
    rejectResource(id: $id, reason: $reason) {
      id
      status
      rejectionReason
    }
  }
`);

export const DownloadLinkMutation = graphql(`
  mutation ResourceDownloadLink($id: ID!) {
    resourceDownloadLink(id: $id) {
      url
      expiresAt
    }
  }
`);

export const BookingFieldsFragment = graphql(`
  fragment BookingRow_booking on Booking {
    id
    resourceId
    resourceTitle
    resourceType
    startDate
    endDate
    periods
    totalAmount
    vatAmount
    totalWithVat
    currency
    status
    paymentStatus
    holdExpiresAt
    createdAt
    reviewed
    cancellationPolicy
    refundStatus
    refundAmount
  }
`);

export const MyBookingsQuery = graphql(`
  query MyBookings {
    myBookings {
      ...BookingRow_booking
    }
  }
`);

export const CreateBookingMutation = graphql(`
  mutation CreateBooking($input: CreateBookingInput!) {
    createBooking(input: $input) {
      ...BookingRow_booking
    }
  }
`);

export const CancelBookingMutation = graphql(`
  mutation CancelBooking($id: ID!) {
    cancelBooking(id: $id) {
      id
      status
      paymentStatus
      refundStatus
      refundAmount
    }
  }
`);

export const HostBookingsQuery = graphql(`
  query HostBookings {
    bookings {
      ...BookingRow_booking
      userName
    }
  }
`);

/** What cancelling would refund, asked when the cancel dialog opens (the server computes it, in halalas). */
export const CancellationQuoteQuery = graphql(`
  query CancellationQuote($bookingId: String!) {
    cancellationQuote(bookingId: $bookingId) {
      bookingId
      policy
      cancelledBy
      canCancel
      paidAmount
      refundAmount
      keptAmount
      currency
    }
  }
`);
