import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { Role } from '../common/roles.js';

/** GET /api/admin/analytics?period= (admins only) and the public GET /api/stats/public. */
export function analyticsRoutes(): Router {
  const r = Router();
  r.get(
    '/admin/analytics',
    route((req) => req.ctx.services.analytics.report(requireUser(req, Role.admin), req.query)),
  );
  r.get(
    '/stats/public',
    route((req) => req.ctx.services.analytics.publicStats()),
  );
  return r;
}
