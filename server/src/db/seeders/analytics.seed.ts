import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { splitPayment } from '../../modules/payouts/split.js';
import { MARKETPLACE_DEFAULTS } from '../../shared/payouts.rules.js';
import { toHalalas } from '../../shared/money.js';

/**
 * Demo history for /admin/analytics and the hosts' analytics (outside production only, after the marketplace demo):
 * about a year of completed, paid bookings on the active physical demo listings, some unpaid cancelled ones, daily
 * views, and answered inquiries. Each part runs once: skipped when its kind of row already exists.
 */
export async function seedAnalytics(em: EntityManager) {
  const db = em.getConnection();
  // The history's own customers mark it as made (the demo user's purchase has a payment of its own).
  const [{ made }] = await db.execute<Array<{ made: boolean }>>(
    `select exists (select 1 from users where email like 'customer%@demo.mawarid.sa') as made`,
  );
  if (!made) {
    // Five demo customers that cannot sign in (no password hash verifies), so the demo logins' own pages stay as
    // the other demos left them.
    await db.execute(`
      insert into users (id, email, password_hash, full_name, role, status, email_verified)
      select gen_random_uuid(), 'customer' || g.i || '@demo.mawarid.sa', '!', 'Demo customer ' || g.i, 'regular', 'active', true
        from generate_series(1, 5) as g(i)
      on conflict (email) do nothing`);
    await db.execute(`
      with r as (
        select id, price, row_number() over (order by created_at, id) - 1 as k, count(*) over () as cnt
          from resources where status = 'active' and deleted_at is null and resource_type = 'physical'),
      u as (
        select id, row_number() over (order by email) - 1 as k, count(*) over () as cnt
          from users where email like 'customer%@demo.mawarid.sa'),
      b as (
        insert into bookings (id, resource_id, user_id, start_date, end_date, periods, unit_price, total_amount, status, payment_status, created_at, updated_at)
        select gen_random_uuid(), r.id, u.id,
               now() - g.i * interval '4 days' + interval '1 day',
               now() - g.i * interval '4 days' + interval '1 day' + (1 + g.i % 3) * interval '1 day',
               1 + g.i % 3, r.price, r.price * (1 + g.i % 3),
               case when g.i % 4 = 0 then 'cancelled' else 'completed' end,
               case when g.i % 4 = 0 then 'pending' else 'paid' end,
               now() - g.i * interval '4 days', now() - g.i * interval '4 days'
          from generate_series(1, 90) as g(i)
          join r on r.k = g.i % r.cnt
          join u on u.k = (g.i * 7 / 5) % u.cnt
        returning id, user_id, total_amount, payment_status, created_at)
      insert into payments (id, booking_id, user_id, method, gateway, status, subtotal, vat, amount, paid_at, created_at, updated_at)
      select gen_random_uuid(), b.id, b.user_id, 'card', 'sandbox', 'paid', b.total_amount,
             round(b.total_amount * 0.15, 2), round(b.total_amount * 1.15, 2),
             b.created_at + interval '1 hour', b.created_at, b.created_at
        from b where b.payment_status = 'paid'`);
  }
  // The demo history's payments split as a payment settled today would be (default commission, held: the demo host
  // has no approved payout profile), so the host's Earnings page and the finance console show them.
  const [{ split }] = await db.execute<Array<{ split: boolean }>>(`select exists (select 1 from payment_splits) as split`);
  if (!split) {
    const rows = await db.execute<Array<{ id: string; host_id: string; category: string; amount: string; vat: string; paid_at: Date }>>(`
      select p.id, r.owner_id as host_id, r.category, p.amount, p.vat, p.paid_at
        from payments p join bookings b on b.id = p.booking_id join resources r on r.id = b.resource_id
       where p.status = 'paid'`);
    const rule = {
      basisPoints: MARKETPLACE_DEFAULTS.commission_percent * 100,
      fixedHalalas: toHalalas(MARKETPLACE_DEFAULTS.commission_fixed),
    };
    for (const r of rows) {
      // Agent model, as for a VAT-registered host (docs/money.md), so the demo's Earnings page has commission invoices
      // to show; the demo host's payout profile is left empty for the payout journey, so its new payments are made
      // with Mawarid as deemed supplier.
      const s = splitPayment({ gross: toHalalas(Number(r.amount)), salesVat: toHalalas(Number(r.vat)), model: 'agent' }, rule);
      await db.execute(
        `insert into payment_splits (id, payment_id, host_id, category, gross, commission, vat_on_commission, host_net, supplier_code, settled_at,
                                     vat_model, sales_vat, platform_vat)
           values (?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?, ?, ?) on conflict (payment_id) do nothing`,
        [
          randomUUID(),
          r.id,
          r.host_id,
          r.category,
          s.gross,
          s.commission,
          s.vatOnCommission,
          s.hostNet,
          r.paid_at,
          s.model,
          s.salesVat,
          s.platformVat,
        ],
      );
    }
  }
  // A year of daily views on the active demo listings, so a host's analytics have views to set bookings against;
  // each listing's running total is at least what its days add up to.
  const [{ viewed }] = await db.execute<Array<{ viewed: boolean }>>(`select exists (select 1 from resource_daily_views) as viewed`);
  if (!viewed) {
    await db.execute(`
      insert into resource_daily_views (resource_id, day, views)
      select r.id, d.day, 1 + abs(hashtext(r.id::text || d.day::text)) % 9
        from resources r
        cross join generate_series((now() at time zone 'Asia/Riyadh')::date - 364, (now() at time zone 'Asia/Riyadh')::date - 1, interval '1 day') as d(day)
       where r.status = 'active' and r.deleted_at is null`);
    await db.execute(`
      update resources r set views_count = greatest(r.views_count, v.total)
        from (select resource_id, sum(views)::int as total from resource_daily_views group by resource_id) v
       where v.resource_id = r.id`);
  }
  const [{ answered }] = await db.execute<Array<{ answered: boolean }>>(
    `select exists (select 1 from inquiries where first_response_at is not null) as answered`,
  );
  if (!answered) {
    await db.execute(`
      insert into inquiries (id, full_name, email, company_name, message, status, created_at, updated_at, first_response_at)
      select gen_random_uuid(), 'Demo visitor ' || g.i, 'visitor' || g.i || '@example.sa', null,
             'We would like to know more about sharing office space.',
             case when g.i % 3 = 0 then 'resolved' else 'in_progress' end,
             now() - g.i * interval '9 days', now() - g.i * interval '9 days' + (2 + g.i % 20) * interval '1 hour',
             now() - g.i * interval '9 days' + (2 + g.i % 20) * interval '1 hour'
        from generate_series(1, 30) as g(i)`);
  }
}
