import express, { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { Role } from '../common/roles.js';

/**
 * The payout profile carries up to 3 documents of 5 MB as base64 data URLs, more than the 1 MB the rest of /api
 * accepts: mounted before the general JSON parser, for this route only.
 */
export const payoutBodyParser = express.Router().use(/^\/host\/payout-account$/, express.json({ limit: '25mb' }));

/**
 * /api/host/payout-account, /api/host/earnings (hosts, their own), /api/admin/settings/marketplace and
 * /api/admin/payouts/held (admins: held balances and paying them out).
 */
export function payoutRoutes(): Router {
  const r = Router();
  r.get(
    '/host/payout-account',
    route(async (req) => {
      const account = await req.ctx.services.payouts.getAccount(requireUser(req));
      return account ?? { supplier_status: 'none' };
    }),
  );
  r.put(
    '/host/payout-account',
    route((req) => req.ctx.services.payouts.saveAccount(requireUser(req), req.body)),
  );
  r.get(
    '/host/earnings',
    route((req) => req.ctx.services.payouts.earnings(requireUser(req), req.query)),
  );
  r.get(
    '/admin/payouts/held',
    route(async (req) => ({ items: await req.ctx.services.payouts.heldBalances(requireUser(req, Role.admin)) })),
  );
  r.post(
    '/admin/payouts/held/:hostId',
    route(async (req, res) => {
      const payout = await req.ctx.services.payouts.payHeld(requireUser(req, Role.admin), req.params.hostId, req.body);
      res.status(201);
      return payout;
    }),
  );
  // Before the generic /admin/settings/:key, which knows only myfatoorah, ai_chat and general.
  r.get(
    '/admin/settings/marketplace',
    route((req) => req.ctx.services.payouts.marketplaceSettings(requireUser(req, Role.admin))),
  );
  r.put(
    '/admin/settings/marketplace',
    route((req) => req.ctx.services.payouts.updateMarketplaceSettings(requireUser(req, Role.admin), req.body)),
  );
  return r;
}
