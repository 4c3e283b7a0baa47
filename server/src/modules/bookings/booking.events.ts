/** Topics of bookings; published after the change is committed. Payloads are ids. */
export const BOOKING_TOPICS = {
  /** A booking was created, cancelled (by its user, an admin, or an expired hold) or moved on in time. */
  bookingChanged: 'BOOKING_CHANGED',
} as const;

export interface BookingChangedEvent {
  bookingId: string;
  resourceId: string;
  userId: string;
  /** The listing's owner (lets live filters tell hosts without a query). */
  ownerId?: string;
  status: string;
  kind: 'created' | 'cancelled' | 'expired' | 'status' | 'paid' | 'payment_failed' | 'refund_due';
}
