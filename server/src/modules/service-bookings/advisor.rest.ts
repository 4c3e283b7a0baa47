import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { fromRest } from '../../rest/case.js';
import { Role } from '../common/roles.js';
import { SLOT_MINUTES } from '../../shared/advisors.rules.js';
import type { Advisor } from './advisor.entity.js';

/** What anyone may see of an advisor: the name, the services and the languages. */
const publicAdvisorDto = (a: Advisor) => ({
  id: a.id,
  display_name: a.displayName,
  service_ids: a.serviceIds,
  languages: a.languages,
});

/** What admins see: the profile with its account, weekly hours (Riyadh) and days off. */
const advisorDto = (a: Advisor) => ({
  ...publicAdvisorDto(a),
  user_id: a.user.id,
  user_email: a.userEmail,
  weekly_hours: a.weeklyHours,
  days_off: a.daysOff,
  active: a.active,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

/** Advisors (admins write) and the free slots of a service (anyone reads). */
export function advisorRoutes(): Router {
  const r = Router();
  r.get(
    '/advisors',
    route(async (req) => {
      requireUser(req, Role.admin);
      return (await req.ctx.services.advisors.list(fromRest(req.query))).map(advisorDto);
    }),
  );
  r.get(
    '/advisors/:id',
    route(async (req) => {
      requireUser(req, Role.admin);
      return advisorDto(await req.ctx.services.advisors.get(String(req.params.id)));
    }),
  );
  r.post(
    '/advisors',
    route(async (req, res) => {
      const a = await req.ctx.services.advisors.create(requireUser(req, Role.admin), fromRest(req.body));
      res.status(201);
      return advisorDto(a);
    }),
  );
  r.put(
    '/advisors/:id',
    route(async (req) =>
      advisorDto(await req.ctx.services.advisors.update(requireUser(req, Role.admin), String(req.params.id), fromRest(req.body))),
    ),
  );
  r.get(
    '/services/:id/advisors',
    route(async (req) => (await req.ctx.services.advisors.forService(String(req.params.id))).map(publicAdvisorDto)),
  );
  r.get(
    '/services/:id/slots',
    route(async (req) => {
      const advisorId = typeof req.query.advisor_id === 'string' ? req.query.advisor_id : undefined;
      const s = await req.ctx.services.advisors.slots(String(req.params.id), req.query, advisorId);
      const names = new Map(s.advisors.map((a) => [a.id, a.displayName]));
      return {
        service_id: String(req.params.id),
        from: s.from,
        to: s.to,
        time_zone: 'Asia/Riyadh',
        slot_minutes: SLOT_MINUTES,
        has_advisors: s.advisors.length > 0,
        days: s.days.map((d) => ({
          date: d.date,
          slots: d.slots.map((x) => ({
            start: x.start,
            time: x.time,
            advisors: x.advisorIds.map((id) => ({ id, display_name: names.get(id) })),
          })),
        })),
      };
    }),
  );
  return r;
}
