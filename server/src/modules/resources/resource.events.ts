/** Topics of the marketplace listings; payloads are ids (subscribers load what they show through the services). */
export const RESOURCE_TOPICS = {
  /** A listing was created, edited, approved, rejected or deleted. */
  resourceChanged: 'RESOURCE_CHANGED',
} as const;

export interface ResourceChangedEvent {
  resourceId: string;
  ownerId: string;
  status: string;
  kind: 'created' | 'updated' | 'approved' | 'rejected' | 'deleted';
}
