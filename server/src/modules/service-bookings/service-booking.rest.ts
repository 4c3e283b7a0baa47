import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { fromRest } from '../../rest/case.js';
import { Role } from '../common/roles.js';
import type { ServiceBooking } from './service-booking.entity.js';

/** The REST shape (spec section 3 "Service booking", snake_case); `price` is the quote in SAR before VAT. */
export const serviceBookingDto = (b: ServiceBooking) => ({
  id: b.id,
  service_id: b.serviceId,
  service_name: b.serviceName,
  service_name_ar: b.serviceNameAr,
  status: b.status,
  payment_status: b.paymentStatus,
  preferred_date: b.preferredDate,
  preferred_time: b.preferredTime,
  contact_number: b.contactNumber,
  requirements: b.requirements,
  price: b.price,
  vat_amount: b.vatAmount,
  total_with_vat: b.totalWithVat,
  currency: 'SAR',
  scheduled_at: b.scheduledAt?.toISOString() ?? null,
  /** Until when its customer may cancel or reschedule it; null: no longer. */
  changeable_until: b.changeableUntil?.toISOString() ?? null,
  cancel_reason: b.cancelReason,
  payment_method: b.paymentMethod,
  advisor_id: b.advisorId,
  advisor_name: b.advisorName,
  user_name: b.user.fullName,
  user_email: b.user.email,
  created_at: b.createdAt.toISOString(),
  updated_at: b.updatedAt.toISOString(),
});

export function serviceBookingRoutes(): Router {
  const r = Router();
  r.post(
    '/service-bookings',
    route(async (req, res) => {
      const b = await req.ctx.services.serviceBookings.create(req.ctx.user, fromRest(req.body));
      res.status(201);
      return serviceBookingDto(b);
    }),
  );
  r.get(
    '/service-bookings/my',
    route(async (req) => (await req.ctx.services.serviceBookings.mine(requireUser(req))).map(serviceBookingDto)),
  );
  r.get(
    '/service-bookings',
    route(async (req) => {
      requireUser(req, Role.admin);
      return (await req.ctx.services.serviceBookings.list(fromRest(req.query))).map(serviceBookingDto);
    }),
  );
  r.get(
    '/service-bookings/:id',
    route(async (req) => serviceBookingDto(await req.ctx.services.serviceBookings.get(requireUser(req), String(req.params.id)))),
  );
  r.put(
    '/service-bookings/:id',
    route(async (req) =>
      serviceBookingDto(
        await req.ctx.services.serviceBookings.update(requireUser(req, Role.admin), String(req.params.id), fromRest(req.body)),
      ),
    ),
  );
  return r;
}
