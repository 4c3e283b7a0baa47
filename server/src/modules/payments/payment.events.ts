export const PAYMENT_TOPICS = {
  /** A payment attempt changed (processing, paid, failed); published after commit. */
  paymentChanged: 'PAYMENT_CHANGED',
} as const;

export interface PaymentChangedEvent {
  paymentId: string;
  bookingId: string;
  userId: string;
  status: string;
}
