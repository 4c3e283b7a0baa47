import { Router, type Request } from 'express';
import { route } from '../../rest/http.js';
import type { BusinessService } from './business-service.types.js';
import { LOCALES } from '../../shared/locale.js';

const serviceDto = (s: BusinessService) => ({
  id: s.id,
  title: s.title,
  description: s.description,
  icon: s.icon,
  image: s.image,
  details: s.details,
  benefits: s.benefits,
  process_steps: s.processSteps.map((p) => ({ step: p.step, title: p.title, description: p.description })),
  locale: s.locale,
});

/** ?locale=ar (or lang=ar), else the Accept-Language header, else English. */
const localeOf = (req: Request) => req.query.locale ?? req.query.lang ?? req.acceptsLanguages(...LOCALES) ?? 'en';

export function businessServiceRoutes(): Router {
  const r = Router();
  r.get(
    '/services',
    route(async (req) => (await req.ctx.services.businessServices.list(localeOf(req))).map(serviceDto)),
  );
  r.get(
    '/services/:id',
    route(async (req) => serviceDto(await req.ctx.services.businessServices.get(String(req.params.id), localeOf(req)))),
  );
  return r;
}
