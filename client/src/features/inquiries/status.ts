import type { InquiryServiceType, InquiryStatus } from '../../gql/graphql';

export const STATUS_COLORS: Record<InquiryStatus, string> = { new: 'blue', in_progress: 'orange', resolved: 'green', closed: 'gray' };
export const serviceTypeKey = (t: InquiryServiceType) =>
  t === 'legal_consultancy' ? 'inquiries.types.legal-consultancy' : 'inquiries.types.resource-sharing';
