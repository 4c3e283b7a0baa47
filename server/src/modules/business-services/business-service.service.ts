import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { notFound } from '../common/errors.js';
import { PUBLIC_MESSAGES } from '../../shared/public.rules.js';
import { ServiceOffering } from './service-offering.entity.js';
import { BUSINESS_SERVICES } from './business-services.content.js';
import type { BusinessService } from './business-service.types.js';
import type { Locale } from '../../shared/locale.js';

/** Unknown or missing locale: English. Accepts "ar", "ar-SA", "AR". */
const pickLocale = (value: unknown): Locale => (typeof value === 'string' && value.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en');

function localize(row: ServiceOffering, locale: Locale): BusinessService {
  const c = row.content[locale] ?? row.content.en;
  return {
    id: row.id,
    title: c.title,
    description: c.description,
    icon: row.icon,
    image: row.image,
    details: c.details,
    benefits: c.benefits,
    processSteps: c.process_steps,
    locale,
  };
}

export class BusinessServiceService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  async list(locale: unknown): Promise<BusinessService[]> {
    const rows = await this.em.find(ServiceOffering, {}, { orderBy: { sortOrder: 'asc', id: 'asc' } });
    return rows.map((r) => localize(r, pickLocale(locale)));
  }

  async get(id: string, locale: unknown): Promise<BusinessService> {
    const row = typeof id === 'string' && id.length <= 100 ? await this.em.findOne(ServiceOffering, { id }) : null;
    if (!row) throw notFound(PUBLIC_MESSAGES.serviceNotFound);
    return localize(row, pickLocale(locale));
  }
}

/** Writes the shipped content (business-services.content.ts) to the table; runs at every start, production included. */
export async function syncServiceContent(em: EntityManager): Promise<void> {
  const conn = em.getConnection();
  for (const [i, s] of BUSINESS_SERVICES.entries()) {
    await conn.execute(
      `insert into services (id, icon, image, sort_order, content) values (?, ?, ?, ?, ?::jsonb)
       on conflict (id) do update set icon = excluded.icon, image = excluded.image, sort_order = excluded.sort_order,
         content = excluded.content, updated_at = now()
       where (services.icon, services.image, services.sort_order, services.content)
         is distinct from (excluded.icon, excluded.image, excluded.sort_order, excluded.content)`,
      [s.id, s.icon, s.image, i + 1, JSON.stringify(s.content)],
    );
  }
}
