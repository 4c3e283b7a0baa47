import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { fromRest, toRest } from '../../rest/case.js';
import { Role } from '../common/roles.js';
import type { Inquiry } from './inquiry.entity.js';

/** REST shape (spec section 3, snake_case) plus the consultation slot. */
const inquiryDto = (i: Inquiry) => ({
  id: i.id,
  service_type: i.serviceType,
  full_name: i.fullName,
  email: i.email,
  company_name: i.companyName,
  message: i.message,
  status: i.status,
  preferred_date: i.preferredDate,
  preferred_time: i.preferredTime,
  created_at: i.createdAt.toISOString(),
  updated_at: i.updatedAt.toISOString(),
});

export function inquiryRoutes(): Router {
  const r = Router();
  r.post(
    '/inquiries',
    route(async (req, res) => {
      const inquiry = await req.ctx.services.inquiries.submit(fromRest(req.body), req.ctx.user, req.ctx.ip);
      res.status(201);
      return inquiryDto(inquiry);
    }),
  );
  r.get(
    '/inquiries/my',
    route(async (req) => (await req.ctx.services.inquiries.mine(requireUser(req))).map(inquiryDto)),
  );
  r.get(
    '/inquiries/stats',
    route(async (req) => {
      requireUser(req, Role.admin);
      return toRest(await req.ctx.services.inquiries.stats());
    }),
  );
  r.get(
    '/inquiries',
    route(async (req) => {
      requireUser(req, Role.admin);
      return (await req.ctx.services.inquiries.list(fromRest(req.query))).map(inquiryDto);
    }),
  );
  r.put(
    '/inquiries/:id',
    route(async (req) => {
      requireUser(req, Role.admin);
      return inquiryDto(await req.ctx.services.inquiries.updateStatus(String(req.params.id), fromRest(req.body)));
    }),
  );
  return r;
}
