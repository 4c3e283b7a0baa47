import type { EntityManager } from '@mikro-orm/postgresql';

/** Demo review texts: rating, comment, and the host's reply (or none). */
const DEMO_REVIEWS: Array<[number, string, string | null]> = [
  [5, 'Spotless, exactly as described, and the host answered every question within the hour.', 'Thank you! You are welcome back any time.'],
  [4, 'المكان ممتاز والتنسيق سهل، فقط نتمنى توفر مواقف أكثر للسيارات.', 'شكراً لملاحظتك، نعمل على توفير مواقف إضافية.'],
  [5, 'Booked for a two-day workshop: everything was ready when we arrived.', null],
  [3, 'Good value, but the handover took longer than planned.', null],
  [5, 'خدمة احترافية والتزام تام بالمواعيد. أنصح بها.', null],
  [4, 'Reliable and well maintained. We will book again next quarter.', null],
];

/**
 * Demo reviews (outside production only, after the analytics history, whose completed bookings they review): a few
 * per active physical demo listing, written by the demo customers on their own completed bookings, so that the
 * listings' ratings are computed from real reviews as everywhere else. Runs once: skipped when any review exists.
 * The demo history's bookings are marked as already invited, so that a first start sends no invitation flood.
 */
export async function seedReviews(em: EntityManager) {
  const db = em.getConnection();
  const [{ any }] = await db.execute<Array<{ any: boolean }>>(`select exists (select 1 from reviews) as any`);
  if (any) return;
  await db.execute(
    `update bookings set review_invited_at = now()
      where review_invited_at is null and status = 'completed'
        and user_id in (select id from users where email like 'customer%@demo.mawarid.sa')`,
  );
  const values = DEMO_REVIEWS.map(() => '(?::int, ?::int, ?::text, ?::text)').join(', ');
  await db.execute(
    `with texts (k, rating, comment, reply) as (values ${values}),
     picked as (
       select b.id, b.resource_id, b.user_id, b.end_date,
              row_number() over (partition by b.resource_id order by b.end_date desc, b.id) - 1 as k
         from (select distinct on (b.resource_id, b.user_id) b.*
                 from bookings b join users u on u.id = b.user_id
                where b.status = 'completed' and u.email like 'customer%@demo.mawarid.sa'
                order by b.resource_id, b.user_id, b.end_date desc) b)
     insert into reviews (id, booking_id, resource_id, user_id, rating, comment, reply, replied_at, created_at, updated_at)
     select gen_random_uuid(), p.id, p.resource_id, p.user_id, t.rating, t.comment, t.reply,
            case when t.reply is null then null else p.end_date + interval '2 days' end,
            p.end_date + interval '1 day', p.end_date + interval '1 day'
       from picked p join texts t on t.k = (p.k + (select count(*) from resources r2 where r2.id < p.resource_id)) % ${DEMO_REVIEWS.length}
      where p.k < 3`,
    DEMO_REVIEWS.flatMap(([rating, comment, reply], k) => [k, rating, comment, reply]),
  );
  await db.execute(
    `update resources r set rating = coalesce(s.average, 0), reviews_count = coalesce(s.n, 0)
       from (select r2.id, round(avg(v.rating)::numeric, 2) as average, count(v.id)::int as n
               from resources r2 left join reviews v on v.resource_id = r2.id and v.hidden_at is null group by r2.id) s
      where s.id = r.id`,
  );
}
