import { graphql } from '../../gql';

export const InquiryFieldsFragment = graphql(`
  fragment InquiryFields on Inquiry {
    id
    serviceType
    fullName
    email
    companyName
    message
    status
    preferredDate
    preferredTime
    createdAt
  }
`);

export const SubmitInquiryMutation = graphql(`
  mutation SubmitInquiry($input: InquiryInput!) {
    submitInquiry(input: $input) {
      ...InquiryFields
    }
  }
`);

export const MyInquiriesQuery = graphql(`
  query MyInquiries {
    myInquiries {
      ...InquiryFields
    }
  }
`);

export const AdminInquiriesQuery = graphql(`
  query AdminInquiries($status: InquiryStatus, $search: String) {
    inquiries(status: $status, search: $search) {
      ...InquiryFields
    }
    inquiryStats {
      total
      new
      inProgress
      resolved
      closed
    }
  }
`);

export const UpdateInquiryStatusMutation = graphql(`
  mutation UpdateInquiryStatus($id: ID!, $status: InquiryStatus!) {
    updateInquiryStatus(id: $id, status: $status) {
      ...InquiryFields
    }
  }
`);
