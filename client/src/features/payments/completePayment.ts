/**
 * Spec section 4: "Dashboard Complete Payment shows only when email verified, status confirmed and payment pending."
 * (My bookings' Pay Now has its own, wider rule: payment pending and booking not cancelled.)
 */
export function canCompletePayment(user: { emailVerified: boolean } | null | undefined, booking: { status: string; paymentStatus: string }): boolean {
  return !!user?.emailVerified && booking.status === 'confirmed' && booking.paymentStatus === 'pending';
}
