import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics (issue #7): indexes that let the admin stats and the /admin/analytics aggregates run as index range
 * scans on a 1,000,000-booking data set, and the inquiries' first response time.
 */
export class Migration20261123500000Analytics extends Migration {
  override async up(): Promise<void> {
    // Revenue trend, average booking value, retention: paid payments by paid_at (covering the summed columns).
    this.addSql(`create index payments_paid_at_idx on payments (paid_at) include (subtotal, user_id) where status = 'paid';`);
    // Conversion and bookings by category: bookings created in a period.
    this.addSql(`create index bookings_created_at_idx on bookings (created_at) include (resource_id, status, payment_status);`);
    // Utilization: booked (confirmed, active, completed) bookings overlapping a period.
    this.addSql(
      `create index bookings_booked_end_idx on bookings (end_date, start_date) include (resource_id) where status in ('confirmed', 'active', 'completed') and exclusive;`,
    );
    // Stats cards: active bookings count.
    this.addSql(`create index bookings_status_idx on bookings (status);`);
    // Stats cards: resource counts by status.
    this.addSql(`create index resources_status_idx on resources (status) where deleted_at is null;`);

    // First response to an inquiry: the first time its status leaves the one it was created with. Set by the
    // database so every path that changes the status (GraphQL, REST, a script) records it, once.
    this.addSql(`alter table inquiries add column first_response_at timestamptz null;`);
    // Inquiries answered before this column existed: their last change is the best record we have.
    this.addSql(`update inquiries set first_response_at = updated_at where status <> 'new';`);
    this.addSql(`create function inquiries_first_response() returns trigger language plpgsql as $$
      begin
        if new.first_response_at is null and new.status is distinct from old.status then
          new.first_response_at := now();
        end if;
        return new;
      end $$;`);
    this.addSql(`create trigger inquiries_first_response before update of status on inquiries
      for each row execute function inquiries_first_response();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists inquiries_first_response on inquiries;`);
    this.addSql(`drop function if exists inquiries_first_response();`);
    this.addSql(`alter table inquiries drop column if exists first_response_at;`);
    this.addSql(`drop index if exists resources_status_idx;`);
    this.addSql(`drop index if exists bookings_status_idx;`);
    this.addSql(`drop index if exists bookings_booked_end_idx;`);
    this.addSql(`drop index if exists bookings_created_at_idx;`);
    this.addSql(`drop index if exists payments_paid_at_idx;`);
  }
}
