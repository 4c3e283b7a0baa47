import express, { Router } from 'express';
import type { z } from 'zod';
import { fileBody, route, requireUser } from '../../rest/http.js';
import { fromRest, toRest } from '../../rest/case.js';
import type { Earnings, HeldBalanceView, HeldPayoutView, PayoutAccountView } from './payout.service.js';
import { PAYOUT_LIMITS, PAYOUT_MESSAGES, type payoutAccountSchema } from '../../shared/payouts.rules.js';
import { Role } from '../common/roles.js';
import { badInput } from '../common/errors.js';

/**
 * The payout profile carries up to 3 documents of 5 MB as base64 data URLs, more than the 1 MB the rest of /api
 * accepts: mounted before the general JSON parser, for this route only.
 */
export const payoutBodyParser = express.Router().use(/^\/host\/payout-account$/, express.json({ limit: '25mb' }));

/** A REST payout profile as the rule's input: its documents' names are snake_case too (`data_url`). */
function accountInput(body: unknown): z.input<typeof payoutAccountSchema> {
  const input = fromRest<z.input<typeof payoutAccountSchema>>(body);
  return input && Array.isArray(input.documents) ? { ...input, documents: input.documents.map((d) => fromRest(d)) } : input;
}

// The services' camelCase views in the adapter's snake_case, the lists and objects they hold too.
const accountDto = (a: PayoutAccountView) => ({ ...toRest(a), documents: a.documents.map(toRest) });
const heldPayoutDto = (p: HeldPayoutView) => toRest(p);
const heldBalanceDto = (b: HeldBalanceView) => ({ ...toRest(b), in_flight_payout: b.inFlightPayout && heldPayoutDto(b.inFlightPayout) });
const earningsDto = (e: Earnings) => ({ ...toRest(e), payouts: e.payouts.map(heldPayoutDto), items: e.items.map(toRest) });

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
      return account ? accountDto(account) : { supplier_status: 'none' };
    }),
  );
  r.put(
    '/host/payout-account',
    route(async (req) => accountDto(await req.ctx.services.payouts.saveAccount(requireUser(req), accountInput(req.body)))),
  );
  r.post(
    '/uploads/payout-documents',
    ...fileBody(PAYOUT_LIMITS.documentMaxBytes, () => badInput(PAYOUT_MESSAGES.documentTooLarge, { field: 'documents' })),
    route(async (req, res) => {
      const staged = await req.ctx.services.payouts.stageDocument(requireUser(req), Buffer.isBuffer(req.body) ? req.body : null);
      res.status(201);
      return staged;
    }),
  );
  r.get(
    '/host/earnings',
    route(async (req) => earningsDto(await req.ctx.services.payouts.earnings(requireUser(req), fromRest(req.query)))),
  );
  r.get(
    '/admin/payouts/held',
    route(async (req) => ({ items: (await req.ctx.services.payouts.heldBalances(requireUser(req, Role.admin))).map(heldBalanceDto) })),
  );
  r.post(
    '/admin/payouts/held/:hostId',
    route(async (req, res) => {
      const payout = await req.ctx.services.payouts.payHeld(requireUser(req, Role.admin), req.params.hostId, fromRest(req.body));
      res.status(201);
      return heldPayoutDto(payout);
    }),
  );
  r.post(
    '/admin/payouts/held-transfers/:id/resolve',
    route(async (req) =>
      heldPayoutDto(await req.ctx.services.payouts.resolveHeld(requireUser(req, Role.admin), req.params.id, fromRest(req.body))),
    ),
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
