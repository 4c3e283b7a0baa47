import type { Booking } from './booking.entity.js';

/** The REST shape of a booking (spec section 3, snake_case). */
export function bookingDto(b: Booking) {
  return {
    id: b.id,
    resource_id: b.resource.id,
    resource_title: b.resource.title,
    resource_type: b.resource.resourceType,
    user_name: b.user.fullName,
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
    hold_expires_at: b.holdExpiresAt?.toISOString() ?? null,
    created_at: b.createdAt.toISOString(),
  };
}
