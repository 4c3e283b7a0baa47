import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { fromRest } from '../../rest/case.js';
import { Role } from '../common/roles.js';
import { serviceBookingDto } from './service-booking.rest.js';

/** The customer's cancel and reschedule, and an admin turning a consultation request into a booking. */
export function serviceBookingScheduleRoutes(): Router {
  const r = Router();
  r.post(
    '/service-bookings/:id/cancel',
    route(async (req) =>
      serviceBookingDto(await req.ctx.services.serviceBookingSchedule.cancel(requireUser(req), String(req.params.id), fromRest(req.body))),
    ),
  );
  r.put(
    '/service-bookings/:id/reschedule',
    route(async (req) =>
      serviceBookingDto(
        await req.ctx.services.serviceBookingSchedule.reschedule(requireUser(req), String(req.params.id), fromRest(req.body)),
      ),
    ),
  );
  r.post(
    '/inquiries/:id/service-booking',
    route(async (req, res) => {
      const b = await req.ctx.services.serviceBookingSchedule.fromInquiry(
        requireUser(req, Role.admin),
        String(req.params.id),
        fromRest(req.body),
      );
      res.status(201);
      return serviceBookingDto(b);
    }),
  );
  return r;
}
