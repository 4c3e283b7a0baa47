/** Topics of service bookings, published after commit. Payloads are ids; subscribers load what they show. */
export const SERVICE_BOOKING_TOPICS = {
  /** A customer booked a service (admins hear it). */
  created: 'SERVICE_BOOKING_CREATED',
  /** Its status or payment changed (its customer and admins hear it). */
  updated: 'SERVICE_BOOKING_UPDATED',
} as const;

export interface ServiceBookingEvent {
  serviceBookingId: string;
  userId: string;
  status: string;
  kind: 'created' | 'confirmed' | 'advisor_assigned' | 'rescheduled' | 'completed' | 'cancelled' | 'paid' | 'payment_failed' | 'refund_due';
}
