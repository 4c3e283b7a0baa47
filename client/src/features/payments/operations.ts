import { graphql } from '../../gql';

// Fragments are spread by name (`...Name`) in documents; codegen finds each in its graphql() call, no binding needed.
graphql(`
  fragment PaymentBooking on Booking {
    id
    resourceTitle
    startDate
    endDate
    totalAmount
    totalWithVat
    status
    paymentStatus
    cancellationPolicy
    resourceType
  }
`);

export const PaymentEligibilityQuery = graphql(`
  query PaymentEligibility($bookingId: String!, $id: ID!) {
    paymentEligibility(bookingId: $bookingId) {
      canPay
      reason
      message
      bookingId
      resourceTitle
      subtotal
      vat
      amount
      currency
      paymentMethod
      testMode
      testCards
      directCard
    }
    booking(id: $id) {
      ...PaymentBooking
    }
  }
`);

/** Checkout of a service booking: the server's eligibility and amounts, and the booking itself. */
export const ServicePaymentEligibilityQuery = graphql(`
  query ServicePaymentEligibility($serviceBookingId: String!, $id: ID!) {
    paymentEligibility(serviceBookingId: $serviceBookingId) {
      canPay
      reason
      message
      serviceBookingId
      subtotal
      vat
      amount
      currency
      paymentMethod
      testMode
      testCards
      directCard
    }
    serviceBooking(id: $id) {
      id
      serviceName
      serviceNameAr
      scheduledAt
      status
      paymentStatus
      totalWithVat
    }
  }
`);

/** Embedded Payment: a session for MyFatoorah's card form, then its payment (3-D Secure: paymentUrl). */
export const StartPaymentSessionMutation = graphql(`
  mutation StartPaymentSession($bookingId: String, $serviceBookingId: String) {
    startPaymentSession(bookingId: $bookingId, serviceBookingId: $serviceBookingId) {
      sessionId
      countryCode
      scriptUrl
    }
  }
`);

export const ExecutePaymentSessionMutation = graphql(`
  mutation ExecutePaymentSession($bookingId: String, $serviceBookingId: String, $sessionId: String!) {
    executePaymentSession(bookingId: $bookingId, serviceBookingId: $serviceBookingId, sessionId: $sessionId) {
      success
      status
      paymentUrl
      paymentId
      error
    }
  }
`);

export const ChargeCardMutation = graphql(`
  mutation ChargeCard($input: CardChargeInput!) {
    chargeCard(input: $input) {
      success
      status
      transactionId
      bookingId
      error
    }
  }
`);

export const InitiatePaymentMutation = graphql(`
  mutation InitiatePayment($bookingId: String, $serviceBookingId: String, $method: String) {
    initiatePayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, method: $method) {
      success
      paymentUrl
      error
    }
  }
`);

export const ConfirmPaymentMutation = graphql(`
  mutation ConfirmPayment($bookingId: String, $serviceBookingId: String, $paymentId: String!) {
    confirmPayment(bookingId: $bookingId, serviceBookingId: $serviceBookingId, paymentId: $paymentId) {
      success
      status
      transactionId
      error
      booking {
        ...PaymentBooking
      }
      serviceBooking {
        id
        serviceName
        serviceNameAr
        scheduledAt
        totalWithVat
        paymentStatus
      }
    }
  }
`);

export const BookingPaymentsQuery = graphql(`
  query BookingPayments($bookingId: String!, $id: ID!) {
    bookingPayments(bookingId: $bookingId) {
      id
      status
      amount
      vat
      subtotal
      transactionId
      cardBrand
      cardLast4
      invoiceNumber
      paidAt
      error
    }
    booking(id: $id) {
      ...PaymentBooking
    }
  }
`);

export const PaymentUpdatedSubscription = graphql(`
  subscription PaymentUpdated($bookingId: String, $serviceBookingId: String) {
    paymentUpdated(bookingId: $bookingId, serviceBookingId: $serviceBookingId) {
      id
      status
      amount
      transactionId
      error
      paidAt
    }
  }
`);
