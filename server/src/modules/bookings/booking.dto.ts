import type { BookingView } from './booking.service.js';

/** The REST shape of a booking (spec section 3, snake_case): of an entity or of a list's plain row alike. */
export function bookingDto(b: BookingView) {
  return {
    id: b.id,
    resource_id: b.resourceId,
    resource_title: b.resourceTitle,
    resource_type: b.resourceType,
    user_name: b.userName,
    start_date: b.startDate.toISOString(),
    end_date: b.endDate.toISOString(),
    periods: b.periods,
    unit_price: b.unitPrice,
    total_amount: b.totalAmount,
    vat_amount: b.vatAmount,
    total_with_vat: b.totalWithVat,
    currency: b.currency,
    status: b.status,
    payment_status: b.paymentStatus,
    reviewed: b.reviewed,
    cancellation_policy: b.cancellationPolicy,
    refund_status: b.refundStatus,
    refund_amount: b.refundAmount,
    hold_expires_at: b.holdExpiresAt?.toISOString() ?? null,
    created_at: b.createdAt.toISOString(),
  };
}
