import { graphql } from '../../gql';

// Spread by name in the invoice queries below; codegen finds it in its graphql() call, no binding needed.
graphql(`
  fragment InvoiceFields on BookingInvoice {
    bookingId
    serviceBookingId
    invoiceNumber
    issuedAt
    currency
    seller {
      name
      vatNumber
      address
      contactEmail
      contactPhone
    }
    buyer {
      name
      email
      companyName
    }
    lines {
      description
      period
      quantity
      unitPrice
      amount
    }
    subtotal
    vatRate
    vat
    total
    cardBrand
    cardLast4
    startDate
    endDate
    qrPayload
  }
`);

export const BookingInvoiceQuery = graphql(`
  query BookingInvoice($bookingId: String!) {
    bookingInvoice(bookingId: $bookingId) {
      ...InvoiceFields
    }
  }
`);

export const ServiceBookingInvoiceQuery = graphql(`
  query ServiceBookingInvoice($serviceBookingId: String!) {
    serviceBookingInvoice(serviceBookingId: $serviceBookingId) {
      ...InvoiceFields
    }
  }
`);
