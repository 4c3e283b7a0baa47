import { Migration } from '@mikro-orm/migrations';

/**
 * Payments: `refund_due` — the gateway took the money but the booking could no longer be honoured (it was
 * cancelled and its dates were taken, or its listing was deleted). Admins refund it; the customer is told.
 */
export class Migration20261123610000PaymentRefunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payments drop constraint if exists payments_status_check;`);
    this.addSql(
      `alter table payments add constraint payments_status_check check (status in ('initiated', 'processing', 'paid', 'failed', 'duplicate', 'refund_due'));`,
    );
    this.addSql(`create index payments_in_flight_idx on payments (created_at) where status in ('initiated', 'processing');`);
    this.addSql(`create index payments_refund_idx on payments (created_at desc) where status in ('duplicate', 'refund_due');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists payments_refund_idx;`);
    this.addSql(`drop index if exists payments_in_flight_idx;`);
    this.addSql(`alter table payments drop constraint if exists payments_status_check;`);
    this.addSql(
      `alter table payments add constraint payments_status_check check (status in ('initiated', 'processing', 'paid', 'failed', 'duplicate'));`,
    );
  }
}
