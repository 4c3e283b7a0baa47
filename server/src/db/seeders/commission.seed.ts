import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Demo only, after the analytics history: the seeded past payments' splits as the payouts module would have fixed
 * them (the default 10 % commission, rounded half up to the halala, VAT 15 % on it; held: the demo hosts had no
 * approved supplier then), settled when paid. So the demo hosts' earnings show their history and the monthly pass
 * issues their past months' commission invoices. Runs once: skipped when any split exists.
 */
export async function seedCommission(em: EntityManager) {
  const db = em.getConnection();
  const [{ split }] = await db.execute<Array<{ split: boolean }>>(`select exists (select 1 from payment_splits) as split`);
  if (split) return;
  await db.execute(`
    with g as (
      select p.id as payment_id, r.owner_id as host_id, r.category, p.paid_at, round(p.amount * 100)::bigint as gross
        from payments p join bookings b on b.id = p.booking_id join resources r on r.id = b.resource_id
       where p.status = 'paid' and p.gateway = 'sandbox' and p.paid_at is not null),
    c as (select g.*, (g.gross * 1000 + 5000) / 10000 as commission from g),
    v as (select c.*, (c.commission * 1500 + 5000) / 10000 as vat from c)
    insert into payment_splits (id, payment_id, host_id, category, gross, commission, vat_on_commission, host_net, created_at, settled_at)
    select gen_random_uuid(), payment_id, host_id, category, gross, commission, vat, gross - commission - vat, paid_at, paid_at from v`);
}
