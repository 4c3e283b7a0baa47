import { graphql } from '../../gql';

export const PayoutAccountQuery = graphql(`
  query PayoutAccount {
    payoutAccount {
      legalName
      commercialRegistration
      vatNumber
      mobile
      bank
      iban
      supplierStatus
      supplierComment
      documents {
        id
        name
        type
      }
    }
  }
`);

export const HostEarningsQuery = graphql(`
  query HostEarnings($from: String, $to: String, $page: Int, $pageSize: Int) {
    hostEarnings(from: $from, to: $to, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      gross
      commission
      vatOnCommission
      platformVat
      refunded
      net
      pending
      owed
      paidOut
      transferred
      payouts {
        id
        amount
        status
        gatewayReference
        transferType
        createdAt
        transferredAt
      }
      items {
        paymentId
        resourceTitle
        paidAt
        gross
        commission
        vatOnCommission
        platformVat
        refunded
        net
        status
      }
    }
  }
`);

export const MarketplaceSettingsQuery = graphql(`
  query MarketplaceSettings {
    marketplaceSettings {
      commissionPercent
      commissionFixed
      byCategory {
        category
        commissionPercent
        commissionFixed
      }
    }
  }
`);

export const UpdateMarketplaceSettingsMutation = graphql(`
  mutation UpdateMarketplaceSettings($input: MarketplaceSettingsInput!) {
    updateMarketplaceSettings(input: $input) {
      commissionPercent
      commissionFixed
      byCategory {
        category
        commissionPercent
        commissionFixed
      }
    }
  }
`);

export const HostCommissionInvoicesQuery = graphql(`
  query HostCommissionInvoices {
    hostCommissionInvoices {
      id
      invoiceNumber
      month
      subtotal
      vat
      total
      zatcaXml
    }
  }
`);

export const HostCommissionCreditNotesQuery = graphql(`
  query HostCommissionCreditNotes {
    hostCommissionCreditNotes {
      id
      creditNoteNumber
      originalInvoiceNumber
      month
      subtotal
      vat
      total
      zatcaXml
    }
  }
`);
