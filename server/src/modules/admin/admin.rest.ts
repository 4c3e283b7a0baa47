import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { toRest } from '../../rest/case.js';
import { Role } from '../common/roles.js';
import { userDto } from '../users/user.dto.js';
import { auditDto } from '../audit/audit.service.js';

/** /api/admin/… (admins only) and the public /api/settings/general. snake_case JSON (spec section 3). */
export function adminRoutes(): Router {
  const r = Router();
  const admin = (req: Parameters<typeof requireUser>[0]) => requireUser(req, Role.admin);

  r.get(
    '/admin/stats',
    route(async (req) => toRest(await req.ctx.services.adminStats.get(admin(req)))),
  );

  // Spec: GET /admin/users answers the list. Query: search (name, email or company), limit, offset.
  // X-Total-Count carries the number of matches; the counters are at /admin/users/counts.
  r.get(
    '/admin/users',
    route(async (req, res) => {
      const list = await req.ctx.services.adminUsers.list(admin(req), req.query);
      res.setHeader('X-Total-Count', String(list.total));
      return list.items.map(userDto);
    }),
  );
  r.get(
    '/admin/users/counts',
    route(async (req) => {
      admin(req);
      const c = await req.ctx.services.adminUsers.counts();
      return { total: c.total, hosts_sellers: c.hostsSellers, active: c.active, suspended: c.suspended };
    }),
  );
  r.put(
    '/admin/users/:id',
    route(async (req) => userDto(await req.ctx.services.adminUsers.update(admin(req), String(req.params.id), req.body))),
  );

  r.get(
    '/admin/audit-log',
    route(async (req) => {
      admin(req);
      const page = await req.ctx.services.audit.list(req.query);
      return { items: page.items.map(auditDto), total: page.total, limit: page.limit, offset: page.offset };
    }),
  );

  r.get(
    '/admin/settings',
    route((req) => req.ctx.services.settings.list(admin(req))),
  );
  // Before /admin/settings/:key so "test-ai-chat" is not taken for a key.
  r.post(
    '/admin/settings/test-ai-chat',
    route((req) => req.ctx.services.settings.testAiChat(admin(req), req.body)),
  );
  r.get(
    '/admin/settings/:key',
    route(async (req) => ({ key: req.params.key, value: await req.ctx.services.settings.get(admin(req), String(req.params.key)) })),
  );
  r.put(
    '/admin/settings/:key',
    route(async (req) => {
      // The body is the value object; `{ "value": { … } }` is accepted too.
      const b = req.body;
      const value = b && typeof b === 'object' && Object.keys(b).length === 1 && b.value && typeof b.value === 'object' ? b.value : b;
      return { key: req.params.key, value: await req.ctx.services.settings.update(admin(req), String(req.params.key), value) };
    }),
  );

  r.get(
    '/settings/general',
    route((req) => req.ctx.services.settings.getGeneral()),
  );
  return r;
}
