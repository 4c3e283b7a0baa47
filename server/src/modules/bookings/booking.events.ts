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
  /** refund: its refund was recorded or settled (refundStatus, refundAmount). */
  kind: 'created' | 'cancelled' | 'expired' | 'status' | 'paid' | 'payment_failed' | 'refund_due' | 'refund';
  /** Who cancelled (`cancelled` only, when known): the notifications tell the other side, not the one who acted. */
  actorId?: string;
}

/** The event for a loaded booking (its listing, and the listing's owner when loaded). */
export function bookingChangedEvent(
  b: { id: string; status: string; user: { id: string }; resource: { id: string; owner?: { id: string } | null } },
  kind: BookingChangedEvent['kind'],
): BookingChangedEvent {
  return { bookingId: b.id, resourceId: b.resource.id, userId: b.user.id, ownerId: b.resource.owner?.id, status: b.status, kind };
}
