import { Migration } from '@mikro-orm/migrations';

/**
 * Service bookings (spec section 3): a customer's request for one of the business or legal services, confirmed by an
 * admin with a quote (price_halalas, before VAT) and a meeting time, then paid like a resource booking.
 */
export class Migration20261125200005ServiceBookings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table service_bookings (
      id uuid primary key,
      user_id uuid not null references users (id) on delete restrict,
      service_id text not null,
      service_name text not null,
      service_name_ar text not null,
      preferred_date date not null,
      preferred_time text null check (preferred_time is null or preferred_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      contact_number text not null,
      requirements text not null,
      status text not null default 'pending' check (status in ('pending', 'confirmed', 'completed', 'cancelled')),
      payment_status text not null default 'pending' check (payment_status in ('pending', 'paid', 'failed', 'refunded')),
      price_halalas bigint null check (price_halalas is null or price_halalas > 0),
      scheduled_at timestamptz null,
      cancel_reason text null,
      payment_method text null,
      locale text not null default 'en',
      confirmed_at timestamptz null,
      completed_at timestamptz null,
      cancelled_at timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      -- A confirmed booking carries its quote and meeting time.
      constraint service_bookings_confirmed_quote check (status not in ('confirmed', 'completed') or (price_halalas is not null and scheduled_at is not null))
    );`);
    this.addSql(`create index service_bookings_user_idx on service_bookings (user_id, created_at desc);`);
    this.addSql(`create index service_bookings_status_idx on service_bookings (status, created_at desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists service_bookings;`);
  }
}
