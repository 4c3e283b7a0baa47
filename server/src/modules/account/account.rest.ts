import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { riyadhYmd } from '../../shared/dates.js';

/** The export's file name, dated as every date the product shows: the Riyadh calendar day (not UTC's). */
export const exportFileName = (at: Date) => `mawarid-my-data-${riyadhYmd(at)}.json`;

export function accountRoutes(): Router {
  const r = Router();
  r.get(
    '/account/export',
    route(async (req, res) => {
      const data = await req.ctx.services.accountData.export(requireUser(req));
      res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(new Date())}"`);
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
