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
      addressAr
      contactEmail
      contactPhone
    }
    kind
    buyer {
      name
      email
      companyName
      vatNumber
      crNumber
      nationalAddress {
        buildingNumber
        street
        district
        city
        postalCode
        additionalNumber
      }
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

/**
 * "Invoice to my company" at checkout saves the company's tax details to the profile (the profile mutation; name and
 * phone are sent back as they are).
 */
export const SaveInvoiceCompanyMutation = graphql(`
  mutation SaveInvoiceCompany($input: ProfileInput!) {
    updateProfile(input: $input) {
      ...UserFields
    }
  }
`);
