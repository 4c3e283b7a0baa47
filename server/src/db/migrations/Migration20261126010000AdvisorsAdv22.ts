import { Migration } from '@mikro-orm/migrations';

/**
 * Advisors (issue #22): a user's advisor profile (name, services covered, languages) with a weekly availability in
 * Riyadh time and days off. A service booking may carry its advisor and the hour it holds in their calendar
 * (slot_start, slot_end); an exclusion constraint, like bookings_no_overlap, keeps two open bookings from holding the
 * same advisor at the same time, also when two customers press at once.
 */
export class Migration20261126010000AdvisorsAdv22 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table advisors (
      id uuid primary key,
      user_id uuid not null unique references users (id) on delete cascade,
      display_name text not null,
      service_ids jsonb not null default '[]',
      languages jsonb not null default '[]',
      weekly_hours jsonb not null default '[]',
      days_off jsonb not null default '[]',
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql(`alter table service_bookings
      add column advisor_id uuid null references advisors (id) on delete restrict,
      add column slot_start timestamptz null,
      add column slot_end timestamptz null,
      add constraint service_bookings_advisor_slot check (advisor_id is null or (slot_start is not null and slot_end > slot_start)),
      add constraint service_bookings_advisor_no_overlap exclude using gist (
        advisor_id with =,
        tstzrange(slot_start, slot_end, '[)') with &&
      ) where (advisor_id is not null and status in ('pending', 'confirmed'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table service_bookings drop constraint service_bookings_advisor_no_overlap,
      drop constraint service_bookings_advisor_slot, drop column slot_end, drop column slot_start, drop column advisor_id;`);
    this.addSql(`drop table if exists advisors;`);
  }
}
