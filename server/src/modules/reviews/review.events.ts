/** Topics of reviews, published after commit. Payloads are ids; subscribers load what they show. */
export const REVIEW_TOPICS = {
  /** A customer reviewed a booking, or the listing's owner answered a review. */
  reviewChanged: 'REVIEW_CHANGED',
} as const;

export interface ReviewChangedEvent {
  reviewId: string;
  resourceId: string;
  /** The listing's owner. */
  ownerId: string;
  /** The review's author. */
  customerId: string;
  kind: 'created' | 'replied';
}
