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
