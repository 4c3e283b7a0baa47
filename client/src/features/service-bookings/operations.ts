import { graphql } from '../../gql';

export const ServiceBookingFieldsFragment = graphql(`
  fragment ServiceBookingFields on ServiceBooking {
    id
    serviceId
    serviceName
    serviceNameAr
    status
    paymentStatus
    preferredDate
    preferredTime
    contactNumber
    requirements
    price
    vatAmount
    totalWithVat
    scheduledAt
    cancelReason
    paymentMethod
    userName
    userEmail
    createdAt
    changeableUntil
    advisorId
    advisorName
  }
`);

export const ServiceSlotsQuery = graphql(`
  query ServiceSlots($serviceId: String!, $advisorId: ID) {
    serviceSlots(serviceId: $serviceId, advisorId: $advisorId) {
      hasAdvisors
      slotMinutes
      advisors {
        id
        displayName
      }
      slots {
        date
        time
        advisorIds
      }
    }
  }
`);

export const AdminAdvisorsQuery = graphql(`
  query AdminAdvisors($serviceId: String) {
    advisors(serviceId: $serviceId) {
      id
      displayName
      active
      languages
    }
  }
`);

export const CreateServiceBookingMutation = graphql(`
  mutation CreateServiceBooking($input: ServiceBookingInput!) {
    createServiceBooking(input: $input) {
      ...ServiceBookingFields
    }
  }
`);

export const MyServiceBookingsQuery = graphql(`
  query MyServiceBookings {
    myServiceBookings {
      ...ServiceBookingFields
    }
  }
`);

export const AdminServiceBookingsQuery = graphql(`
  query AdminServiceBookings($status: ServiceBookingStatus, $search: String) {
    serviceBookings(status: $status, search: $search) {
      ...ServiceBookingFields
    }
  }
`);

export const UpdateServiceBookingMutation = graphql(`
  mutation UpdateServiceBooking($id: ID!, $input: UpdateServiceBookingInput!) {
    updateServiceBooking(id: $id, input: $input) {
      ...ServiceBookingFields
    }
  }
`);

export const ServiceBookingCreatedSubscription = graphql(`
  subscription ServiceBookingCreated {
    serviceBookingCreated {
      ...ServiceBookingFields
    }
  }
`);

export const ServiceBookingUpdatedSubscription = graphql(`
  subscription ServiceBookingUpdated {
    serviceBookingUpdated {
      ...ServiceBookingFields
    }
  }
`);

export const CancelMyServiceBookingMutation = graphql(`
  mutation CancelMyServiceBooking($id: ID!, $reason: String) {
    cancelMyServiceBooking(id: $id, reason: $reason) {
      ...ServiceBookingFields
    }
  }
`);

export const RescheduleServiceBookingMutation = graphql(`
  mutation RescheduleServiceBooking($id: ID!, $input: RescheduleServiceBookingInput!) {
    rescheduleServiceBooking(id: $id, input: $input) {
      ...ServiceBookingFields
    }
  }
`);

export const CreateServiceBookingFromInquiryMutation = graphql(`
  mutation CreateServiceBookingFromInquiry($inquiryId: ID!, $input: ServiceBookingFromInquiryInput) {
    createServiceBookingFromInquiry(inquiryId: $inquiryId, input: $input) {
      ...ServiceBookingFields
    }
  }
`);

export const ServiceBookingSummaryQuery = graphql(`
  query ServiceBookingSummary($id: ID!) {
    serviceBooking(id: $id) {
      id
      serviceName
      serviceNameAr
      scheduledAt
      totalWithVat
      paymentStatus
    }
  }
`);

/**
 * The list leaves out weeklyHours: a list inside the advisors list is over the GraphQL cost limit (50 × 50 items);
 * the edit form reads one advisor's hours from GET /api/advisors/{id}.
 */
graphql(`
  fragment AdvisorFields on Advisor {
    id
    displayName
    userEmail
    serviceIds
    languages
    active
    daysOff
  }
`);

export const AdvisorsListQuery = graphql(`
  query AdvisorsList {
    advisors {
      ...AdvisorFields
    }
  }
`);

export const CreateAdvisorMutation = graphql(`
  mutation CreateAdvisor($input: AdvisorInput!) {
    createAdvisor(input: $input) {
      ...AdvisorFields
    }
  }
`);

export const UpdateAdvisorMutation = graphql(`
  mutation UpdateAdvisor($id: ID!, $input: AdvisorInput!) {
    updateAdvisor(id: $id, input: $input) {
      ...AdvisorFields
    }
  }
`);
