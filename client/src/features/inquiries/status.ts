import type { InquiryServiceType, InquiryStatus } from '../../gql/graphql';

export const STATUS_COLORS: Record<InquiryStatus, string> = { new: 'blue', in_progress: 'orange', resolved: 'green', closed: 'gray' };
export const serviceTypeKey = (t: InquiryServiceType) => (t === 'legal_consultancy' ? 'inquiries.types.legal-consultancy' : 'inquiries.types.resource-sharing');

/** A calendar date (YYYY-MM-DD) as the day it names, whatever the browser's time zone. */
export function formatDay(ymd: string, lng: string): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  return new Intl.DateTimeFormat(lng === 'ar' ? 'ar-SA-u-nu-latn-ca-gregory' : 'en-SA', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d);
}
