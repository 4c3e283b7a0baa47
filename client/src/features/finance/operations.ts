import { graphql } from '../../gql';

export const AdminPaymentsQuery = graphql(`
  query AdminPayments(
    $status: PaymentStatus
    $method: PaymentMethod
    $refundStatus: RefundStatus
    $from: String
    $to: String
    $hostId: String
    $q: String
    $page: Int
  ) {
    adminPayments(
      status: $status
      method: $method
      refundStatus: $refundStatus
      from: $from
      to: $to
      hostId: $hostId
      q: $q
      page: $page
    ) {
      total
      page
      pageSize
      hosts {
        id
        name
      }
      items {
        ...AdminPaymentFields
      }
    }
  }
`);

// Fragments are spread by name (`...Name`) in documents; codegen finds each in its graphql() call, no binding needed.
graphql(`
  fragment AdminPaymentFields on AdminPayment {
    id
    kind
    bookingId
    serviceBookingId
    title
    method
    gateway
    status
    amount
    amountHalalas
    cardBrand
    cardLast4
    invoiceNumber
    error
    createdAt
    paidAt
    customerName
    customerEmail
    hostName
    hostEmail
    refundId
    refundStatus
    refundAmountHalalas
    refundError
    creditNoteNumber
    commissionHalalas
    vatOnCommissionHalalas
    hostShareHalalas
    supplierCode
  }
`);

/** A payment with its timeline: the detail dialog's answer, and the retry's (which returns the refreshed detail). */
graphql(`
  fragment AdminPaymentDetailFields on AdminPaymentDetail {
    payment {
      ...AdminPaymentFields
    }
    timeline {
      at
      kind
      amountHalalas
      detail
      actorEmail
    }
  }
`);

export const AdminPaymentQuery = graphql(`
  query AdminPayment($id: ID!) {
    adminPayment(id: $id) {
      ...AdminPaymentDetailFields
    }
  }
`);

export const RetryRefundMutation = graphql(`
  mutation RetryRefund($refundId: ID!) {
    retryRefund(refundId: $refundId) {
      ...AdminPaymentDetailFields
    }
  }
`);

export const AdminHeldBalancesQuery = graphql(`
  query AdminHeldBalances {
    adminHeldBalances {
      hostId
      hostName
      hostEmail
      supplierStatus
      heldHalalas
      held
      owed
      owedHalalas
      payable
      inFlight
      resolvable
      inFlightPayout {
        id
        amount
        createdAt
      }
    }
  }
`);

export const ResolveHeldPayoutMutation = graphql(`
  mutation ResolveHeldPayout($id: ID!, $outcome: String!, $reason: String!, $gatewayReference: String) {
    resolveHeldPayout(id: $id, outcome: $outcome, reason: $reason, gatewayReference: $gatewayReference) {
      id
      status
      gatewayReference
    }
  }
`);

export const PayHeldBalanceMutation = graphql(`
  mutation PayHeldBalance($hostId: ID!, $amountHalalas: Int!) {
    payHeldBalance(hostId: $hostId, amountHalalas: $amountHalalas) {
      id
      amount
      status
      gatewayReference
    }
  }
`);
