import { Migration } from '@mikro-orm/migrations';

/**
 * Reviews (issue #23): a customer's review per booking (the unique index makes "once per booking" hold under
 * concurrency), the host's private rating of a customer per booking, and when a booking's customer was invited to
 * review. A listing's rating and review count become computed from visible reviews: the seeded figures go.
 */
export class Migration20261126020000ReviewsRev23 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table reviews (
      id uuid primary key,
      booking_id uuid not null references bookings (id) on delete cascade,
      resource_id uuid not null references resources (id) on delete cascade,
      user_id uuid not null references users (id) on delete restrict,
      rating smallint not null check (rating between 1 and 5),
      comment text not null,
      reply text null,
      replied_at timestamptz null,
      hidden_at timestamptz null,
      hidden_reason text null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now());`);
    this.addSql(`create unique index reviews_booking_id_unique on reviews (booking_id);`);
    this.addSql(`create index reviews_resource_visible_index on reviews (resource_id, created_at desc, id desc) where hidden_at is null;`);
    this.addSql(`create index reviews_created_index on reviews (created_at desc, id desc);`);
    this.addSql(`create table customer_ratings (
      id uuid primary key,
      booking_id uuid not null references bookings (id) on delete cascade,
      customer_id uuid not null references users (id) on delete restrict,
      host_id uuid not null references users (id) on delete restrict,
      rating smallint not null check (rating between 1 and 5),
      note text null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now());`);
    this.addSql(`create unique index customer_ratings_booking_id_unique on customer_ratings (booking_id);`);
    this.addSql(`create index customer_ratings_customer_index on customer_ratings (customer_id);`);
    this.addSql(`alter table bookings add column review_invited_at timestamptz null;`);
    // Bookings finished before reviews existed are not invited all at once when this lands.
    this.addSql(`update bookings b set review_invited_at = now()
      where b.status = 'completed'
         or (b.payment_status = 'paid' and b.status <> 'cancelled'
             and exists (select 1 from resources r where r.id = b.resource_id and r.resource_type = 'digital'));`);
    this.addSql(`update resources set rating = 0, reviews_count = 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table bookings drop column if exists review_invited_at;`);
    this.addSql(`drop table if exists customer_ratings;`);
    this.addSql(`drop table if exists reviews;`);
  }
}
