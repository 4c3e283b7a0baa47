import { Migration } from '@mikro-orm/migrations';

/**
 * A payment pays either a resource booking or a service booking: `booking_id` becomes nullable with
 * `service_booking_id` beside it (a check: exactly one of the two), and a service booking gets the same guarantees
 * a booking has (one paid payment, one direct charge in flight).
 */
export class Migration20261125400000ServiceBookingPaymentsSvcpay extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payments
      alter column booking_id drop not null,
      add column service_booking_id uuid null references service_bookings (id) on delete restrict,
      add constraint payments_one_target check (num_nonnulls(booking_id, service_booking_id) = 1);`);
    this.addSql(
      `create index payments_service_booking_id_index on payments (service_booking_id, created_at desc) where service_booking_id is not null;`,
    );
    this.addSql(`create unique index payments_one_paid_per_service_booking on payments (service_booking_id) where status = 'paid';`);
    this.addSql(
      `create unique index payments_one_processing_per_service_booking on payments (service_booking_id) where status = 'processing';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from payments where service_booking_id is not null;`);
    this.addSql(`drop index if exists payments_one_processing_per_service_booking;`);
    this.addSql(`drop index if exists payments_one_paid_per_service_booking;`);
    this.addSql(`drop index if exists payments_service_booking_id_index;`);
    this.addSql(`alter table payments drop constraint if exists payments_one_target, drop column if exists service_booking_id;`);
    this.addSql(`alter table payments alter column booking_id set not null;`);
  }
}
