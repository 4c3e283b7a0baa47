/** Topics of notifications, published after the row is committed. Payloads are ids. */
export const NOTIFICATION_TOPICS = {
  /** A notification was written for `userId`: delivered live to that user only. */
  added: 'NOTIFICATION_ADDED',
} as const;

export interface NotificationAddedEvent {
  notificationId: string;
  userId: string;
}

/**
 * The refund module's topic, when it publishes one (being written in parallel): `{ userId, status, bookingId?,
 * serviceBookingId? }` becomes a `refund_status` notification for `userId`. Until then refund notices come from
 * the bookings' and service bookings' `refund_due` events.
 */
export const REFUND_TOPIC = 'REFUND_CHANGED';

export interface RefundChangedEvent {
  userId: string;
  status: string;
  bookingId?: string | null;
  serviceBookingId?: string | null;
}
