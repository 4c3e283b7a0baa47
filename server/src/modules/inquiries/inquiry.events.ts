/** Topics published after an inquiry is committed. Payloads are ids; subscribers load what they show. */
export const INQUIRY_TOPICS = {
  created: 'INQUIRY_CREATED',
  updated: 'INQUIRY_UPDATED',
} as const;

export interface InquiryCreatedEvent {
  inquiryId: string;
  serviceType: string;
}

export interface InquiryUpdatedEvent {
  inquiryId: string;
  status: string;
  previousStatus: string;
}
