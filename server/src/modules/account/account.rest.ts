import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';

export function accountRoutes(): Router {
  const r = Router();
  r.get(
    '/account/export',
    route(async (req, res) => {
      const data = await req.ctx.services.accountData.export(requireUser(req));
      const day = new Date().toISOString().slice(0, 10);
      res.setHeader('Content-Disposition', `attachment; filename="mawarid-my-data-${day}.json"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.type('application/json').send(JSON.stringify(data, null, 2));
    }),
  );
  r.delete(
    '/account',
    route(async (req) => ({ message: await req.ctx.services.accountDeletion.delete(requireUser(req), req.body) })),
  );
  return r;
}
