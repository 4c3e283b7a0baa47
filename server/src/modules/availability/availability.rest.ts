import { Router } from 'express';
import type { z } from 'zod';
import { route, requireUser } from '../../rest/http.js';
import { fromRest } from '../../rest/case.js';
import type { availabilitySchema } from '../../shared/availability.rules.js';
import type { Availability } from './availability.service.js';

const availabilityDto = (a: Availability) => ({
  resource_id: a.resourceId,
  hourly: a.hourly,
  blocked: a.blocked.map((b) => ({ id: b.id, start_date: b.startDate, end_date: b.endDate, note: b.note })),
  opening_hours: a.openingHours,
  ics_url: a.icsUrl,
});

/** A REST calendar as the rule's input: its blocked ranges' names are snake_case too (`start_date`). */
function availabilityInput(body: unknown): z.input<typeof availabilitySchema> {
  const input = fromRest<z.input<typeof availabilitySchema>>(body);
  return input && Array.isArray(input.blocked) ? { ...input, blocked: input.blocked.map((b) => fromRest(b)) } : input;
}

/**
 * `GET|PUT /api/resources/{id}/availability` (owner or admin), `POST …/availability/ics-token` (a new feed address)
 * and the feed itself, `GET /api/resources/{id}/calendar.ics?token=…`, which needs no login: the token is the key.
 */
export function availabilityRoutes(): Router {
  const r = Router();
  r.get(
    '/resources/:id/availability',
    route(async (req) => availabilityDto(await req.ctx.services.availability.get(requireUser(req), String(req.params.id)))),
  );
  r.put(
    '/resources/:id/availability',
    route(async (req) => {
      const user = requireUser(req);
      return availabilityDto(await req.ctx.services.availability.put(user, String(req.params.id), availabilityInput(req.body)));
    }),
  );
  r.post(
    '/resources/:id/availability/ics-token',
    route(async (req) => availabilityDto(await req.ctx.services.availability.rotateFeed(requireUser(req), String(req.params.id)))),
  );
  r.get(
    '/resources/:id/calendar.ics',
    route(async (req, res) => {
      const feed = await req.ctx.services.availability.feed(String(req.params.id), req.query.token);
      // A calendar polls it; the token is in the address, so nothing along the way may keep a copy.
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('Content-Disposition', 'inline; filename="calendar.ics"');
      res.type('text/calendar; charset=utf-8').send(feed.body);
    }),
  );
  return r;
}
