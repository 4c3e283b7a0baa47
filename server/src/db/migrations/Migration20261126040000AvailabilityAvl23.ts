import { Migration } from '@mikro-orm/migrations';

/**
 * Availability (issue #23): days a host blocks on a listing, weekly opening hours of hourly listings, and the
 * token of each listing's private calendar feed.
 *
 * A booking may not touch a blocked range nor (hourly listings) fall outside the opening hours. The database keeps
 * it so, as it keeps double bookings out: a trigger on bookings refuses a live booking that overlaps a block (and a
 * new hourly booking outside the hours) with SQLSTATE 23P01, the exclusion constraint's code, so every path that
 * writes a booking — creating one, a payment reinstating a lapsed hold — is covered. A constraint cannot see another
 * table, so the two sides meet on the listing's row: the trigger takes it FOR KEY SHARE (bookings of one listing
 * still go in side by side; views_count updates are not held up), and saving blocks takes it FOR UPDATE before
 * checking the bookings. Whichever commits second waits for the first and then sees its rows (each statement of a
 * plpgsql function reads afresh under READ COMMITTED): a block and a booking arriving at once cannot both win.
 */
export class Migration20261126040000AvailabilityAvl23 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table resource_blocks (
      id uuid primary key,
      resource_id uuid not null references resources (id) on delete cascade,
      start_day date not null,
      end_day date not null,
      start_at timestamptz not null,
      end_at timestamptz not null,
      note text not null default '' check (char_length(note) <= 200),
      created_at timestamptz not null default now(),
      check (end_day >= start_day),
      check (end_at > start_at));`);
    this.addSql(`create index resource_blocks_resource_idx on resource_blocks (resource_id, start_at);`);

    this.addSql(`create table resource_opening_hours (
      resource_id uuid not null references resources (id) on delete cascade,
      weekday smallint not null check (weekday between 0 and 6),
      opens_min smallint not null check (opens_min between 0 and 1410),
      closes_min smallint not null check (closes_min between 30 and 1440),
      primary key (resource_id, weekday),
      check (closes_min > opens_min));`);

    this.addSql(`create table resource_calendar_feeds (
      resource_id uuid primary key references resources (id) on delete cascade,
      token text not null unique,
      created_at timestamptz not null default now());`);

    this.addSql(`create or replace function bookings_respect_availability() returns trigger language plpgsql as $$
declare
  r_period text;
  local_start timestamp;
  local_end timestamp;
  day_start timestamp;
begin
  if not (new.exclusive and new.status in ('pending', 'confirmed', 'active')) then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.exclusive and old.status in ('pending', 'confirmed', 'active')
     and old.start_date = new.start_date and old.end_date = new.end_date and old.resource_id = new.resource_id then
    return new; -- already live with the same dates (confirmed → active, paid): checked when it became live
  end if;
  select period into r_period from resources where id = new.resource_id for key share;
  if exists (select 1 from resource_blocks k where k.resource_id = new.resource_id
               and k.start_at < new.end_date and k.end_at > new.start_date) then
    raise exception 'booking overlaps a blocked range' using errcode = 'exclusion_violation', constraint = 'bookings_not_blocked';
  end if;
  -- Opening hours bind new bookings only: changing the hours leaves the bookings already made as they are.
  if tg_op = 'INSERT' and r_period = 'hour'
     and exists (select 1 from resource_opening_hours h where h.resource_id = new.resource_id) then
    local_start := (new.start_date at time zone 'UTC') + interval '3 hours'; -- Riyadh wall clock (UTC+3, no DST)
    local_end := (new.end_date at time zone 'UTC') + interval '3 hours';
    day_start := date_trunc('day', local_start);
    if not exists (select 1 from resource_opening_hours h where h.resource_id = new.resource_id
                     and h.weekday = extract(dow from local_start)::int
                     and h.opens_min <= extract(epoch from (local_start - day_start)) / 60
                     and h.closes_min >= extract(epoch from (local_end - day_start)) / 60) then
      raise exception 'booking outside opening hours' using errcode = 'exclusion_violation', constraint = 'bookings_within_opening_hours';
    end if;
  end if;
  return new;
end $$;`);
    this
      .addSql(`create trigger bookings_respect_availability before insert or update of status, exclusive, start_date, end_date, resource_id
      on bookings for each row execute function bookings_respect_availability();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists bookings_respect_availability on bookings;`);
    this.addSql(`drop function if exists bookings_respect_availability();`);
    this.addSql(`drop table if exists resource_calendar_feeds;`);
    this.addSql(`drop table if exists resource_opening_hours;`);
    this.addSql(`drop table if exists resource_blocks;`);
  }
}
