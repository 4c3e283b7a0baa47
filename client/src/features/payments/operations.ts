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
    }
    booking(id: $id) {
      ...PaymentBooking
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
  mutation InitiatePayment($bookingId: String!, $method: String) {
    initiatePayment(bookingId: $bookingId, method: $method) {
      success
      paymentUrl
      error
    }
  }
`);

export const ConfirmPaymentMutation = graphql(`
  mutation ConfirmPayment($bookingId: String!, $paymentId: String!) {
    confirmPayment(bookingId: $bookingId, paymentId: $paymentId) {
      success
      status
      transactionId
      error
      booking {
        ...PaymentBooking
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
  subscription PaymentUpdated($bookingId: String!) {
    paymentUpdated(bookingId: $bookingId) {
      id
      status
      amount
      transactionId
      error
      paidAt
    }
  }
`);
