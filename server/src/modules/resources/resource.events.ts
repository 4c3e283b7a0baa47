/** Topics of the marketplace listings; payloads are ids (subscribers load what they show through the services). */
export const RESOURCE_TOPICS = {
  /**
   * A listing was created, edited, approved, rejected or deleted; a host's revision of it was submitted, approved or
   * rejected; it was withdrawn from (or restored to) the marketplace with its host's role; or one of its reviews was
   * written, answered or hidden (`reviews`: its rating, count and drawn page change).
   */
  resourceChanged: 'RESOURCE_CHANGED',
} as const;

export interface ResourceChangedEvent {
  resourceId: string;
  ownerId: string;
  status: string;
  kind:
    | 'created'
    | 'updated'
    | 'approved'
    | 'rejected'
    | 'deleted'
    | 'changes_submitted'
    | 'changes_approved'
    | 'changes_rejected'
    | 'withdrawn'
    | 'restored'
    | 'reviews';
}
