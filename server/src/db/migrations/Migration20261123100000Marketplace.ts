import { Migration } from '@mikro-orm/migrations';

/**
 * Marketplace: resources (listings) and bookings.
 * - Money is numeric(12,2) SAR.
 * - No double booking is enforced by the database: an exclusion constraint over (resource, time range) for live
 *   bookings, so it holds under concurrent requests on any number of server instances.
 * - Indexes serve the public list (status + sort key), the category filter, the owner's list and trigram search.
 */
export class Migration20261123100000Marketplace extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(`create table resources (
      id uuid primary key,
      owner_id uuid not null references users (id) on delete restrict,
      title text not null check (char_length(title) between 1 and 100),
      description text not null check (char_length(description) between 1 and 1000),
      category text not null check (category in ('Office Space', 'Equipment', 'Human Resources', 'Vehicles')),
      resource_type text not null default 'physical' check (resource_type in ('physical', 'digital')),
      file_format text null,
      file_key text null,
      file_name text null,
      price numeric(12,2) not null check (price > 0),
      currency text not null default 'SAR',
      period text not null check (period in ('hour', 'day', 'week', 'month')),
      location text not null check (char_length(location) between 1 and 200),
      availability text not null default 'Available',
      images jsonb not null default '[]',
      tags jsonb not null default '[]',
      rating numeric(3,2) not null default 0,
      reviews_count integer not null default 0,
      views_count integer not null default 0,
      status text not null default 'pending' check (status in ('pending', 'active', 'rejected', 'draft')),
      rejection_reason text null,
      reviewed_at timestamptz null,
      deleted_at timestamptz null,
      search_text text generated always as (lower(title || ' ' || description || ' ' || location)) stored,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (resource_type = 'physical' or (file_key is not null and file_format is not null))
    );`);
    // Public list: status = 'active' and deleted_at is null, ordered by one of the sort keys, optional category.
    this.addSql(`create index resources_public_newest_idx on resources (status, created_at desc, id desc) where deleted_at is null;`);
    this.addSql(
      `create index resources_public_category_idx on resources (status, category, created_at desc, id desc) where deleted_at is null;`,
    );
    this.addSql(`create index resources_public_price_idx on resources (status, price, id) where deleted_at is null;`);
    this.addSql(`create index resources_public_views_idx on resources (status, views_count desc, id) where deleted_at is null;`);
    this.addSql(`create index resources_owner_idx on resources (owner_id, created_at desc) where deleted_at is null;`);
    this.addSql(`create index resources_search_trgm_idx on resources using gin (search_text gin_trgm_ops);`);

    this.addSql(`create table bookings (
      id uuid primary key,
      resource_id uuid not null references resources (id) on delete restrict,
      user_id uuid not null references users (id) on delete restrict,
      start_date timestamptz not null,
      end_date timestamptz not null,
      periods integer not null check (periods > 0),
      unit_price numeric(12,2) not null,
      total_amount numeric(12,2) not null check (total_amount >= 0),
      currency text not null default 'SAR',
      status text not null default 'pending' check (status in ('pending', 'confirmed', 'active', 'completed', 'cancelled')),
      payment_status text not null default 'pending' check (payment_status in ('pending', 'paid', 'failed', 'refunded')),
      exclusive boolean not null default true,
      hold_expires_at timestamptz null,
      cancelled_at timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (end_date > start_date),
      constraint bookings_no_overlap exclude using gist (
        resource_id with =,
        tstzrange(start_date, end_date, '[)') with &&
      ) where (exclusive and status in ('pending', 'confirmed', 'active'))
    );`);
    this.addSql(`create index bookings_user_idx on bookings (user_id, created_at desc);`);
    this.addSql(`create index bookings_resource_idx on bookings (resource_id, start_date);`);
    this.addSql(`create index bookings_hold_idx on bookings (hold_expires_at) where status = 'pending' and payment_status = 'pending';`);
    this.addSql(
      `create index bookings_live_status_idx on bookings (status, start_date, end_date) where status in ('confirmed', 'active');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists bookings;`);
    this.addSql(`drop table if exists resources;`);
  }
}
