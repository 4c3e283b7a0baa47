import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { fromRest } from '../../rest/case.js';
import { MARKET_MESSAGES } from '../../shared/marketplace.rules.js';
import { unauthenticated } from '../common/errors.js';
import { bookingDto } from './booking.dto.js';

export function bookingRoutes(): Router {
  const r = Router();
  r.get(
    '/bookings/my',
    route(async (req) => (await req.ctx.services.bookings.mine(requireUser(req))).map(bookingDto)),
  );
  r.get(
    '/bookings',
    route(async (req) => (await req.ctx.services.bookings.list(requireUser(req))).map(bookingDto)),
  );
  r.get(
    '/bookings/:id',
    route(async (req) => bookingDto(await req.ctx.services.bookings.get(requireUser(req), String(req.params.id)))),
  );
  r.post(
    '/bookings',
    route(async (req, res) => {
      if (!req.ctx.user) throw unauthenticated(MARKET_MESSAGES.loginToBook);
      const b = await req.ctx.services.bookings.create(req.ctx.user, fromRest(req.body));
      res.status(201);
      return bookingDto(b);
    }),
  );
  r.delete(
    '/bookings/:id',
    route(async (req) => {
      const b = await req.ctx.services.bookings.cancel(requireUser(req), String(req.params.id));
      return { message: 'Booking cancelled successfully', booking: bookingDto(b) };
    }),
  );
  return r;
}
