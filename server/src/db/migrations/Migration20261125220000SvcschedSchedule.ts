import { Migration } from '@mikro-orm/migrations';

/**
 * Scheduling of service bookings: the calendar invitation's SEQUENCE (RFC 5545, raised on every change the customer's
 * calendar must apply), when the 24-hour reminder was sent (claimed by one worker, so it goes out once), and the
 * legal consultation request a booking was made from (one booking per request).
 */
export class Migration20261125220000SvcschedSchedule extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table service_bookings
      add column ics_sequence int not null default 0,
      add column reminder_sent_at timestamptz null,
      add column inquiry_id uuid null references inquiries (id) on delete set null;`);
    this.addSql(`create unique index service_bookings_inquiry_uq on service_bookings (inquiry_id) where inquiry_id is not null;`);
    // The reminder pass looks for confirmed meetings in the next 24 hours not yet reminded.
    this.addSql(
      `create index service_bookings_reminder_idx on service_bookings (scheduled_at) where status = 'confirmed' and reminder_sent_at is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists service_bookings_reminder_idx;`);
    this.addSql(`drop index if exists service_bookings_inquiry_uq;`);
    this.addSql(`alter table service_bookings drop column inquiry_id, drop column reminder_sent_at, drop column ics_sequence;`);
  }
}
