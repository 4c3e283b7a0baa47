import { Router } from 'express';
import { route } from '../../rest/http.js';
import { PUBLIC_MESSAGES } from '../../shared/public.rules.js';

export function newsletterRoutes(): Router {
  const r = Router();
  r.post(
    '/newsletter/subscribe',
    route(async (req, res) => {
      res.status(201);
      return { success: true, message: await req.ctx.services.newsletter.subscribe(req.body, req.ctx.ip) };
    }),
  );
  // The confirmation mail's link opens the client's page; its button POSTs here (mail scanners only GET).
  r.post(
    '/newsletter/confirm',
    route(async (req) => {
      const view = await req.ctx.services.newsletter.confirm({ token: req.body?.token ?? req.query.token });
      return { success: true, message: PUBLIC_MESSAGES.subscriptionConfirmed, ...view };
    }),
  );
  // GET looks the link up (no side effect); POST unsubscribes. Token in the query or the JSON body.
  r.get(
    '/newsletter/unsubscribe',
    route(async (req) => req.ctx.services.newsletter.subscription({ token: req.query.token })),
  );
  r.post(
    '/newsletter/unsubscribe',
    route(async (req) => {
      const view = await req.ctx.services.newsletter.unsubscribe({ token: req.body?.token ?? req.query.token });
      return { success: true, message: PUBLIC_MESSAGES.unsubscribed, ...view };
    }),
  );
  return r;
}
