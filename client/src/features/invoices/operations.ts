import { graphql } from '../../gql';

export const BookingInvoiceQuery = graphql(`
  query BookingInvoice($bookingId: String!) {
    bookingInvoice(bookingId: $bookingId) {
      bookingId
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
  }
`);
