export const PAYMENT_TOPICS = {
  /** A payment attempt changed (processing, paid, failed); published after commit. */
  paymentChanged: 'PAYMENT_CHANGED',
} as const;

export interface PaymentChangedEvent {
  paymentId: string;
  /** What was paid: a resource booking, or a service booking (the other is null). */
  bookingId: string | null;
  serviceBookingId: string | null;
  userId: string;
  status: string;
}
