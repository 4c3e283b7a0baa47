import { Migration } from '@mikro-orm/migrations';

/**
 * Embedded Payment (issue #24). payment_sessions: each MyFatoorah session we handed out, to whom and for what, so
 * that paying it (ExecutePayment) is allowed only to that user for that booking, once. sandbox_sessions and
 * sandbox_invoices.session_card: the built-in test gateway's sessions (the test card chosen in its form, by key).
 */
export class Migration20261126045000EmbeddedPaySessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table payment_sessions (
      session_id text primary key,
      user_id uuid not null references users (id) on delete cascade,
      booking_id uuid null references bookings (id) on delete cascade,
      service_booking_id uuid null references service_bookings (id) on delete cascade,
      gateway text not null,
      used_at timestamptz null,
      created_at timestamptz not null default now(),
      check ((booking_id is null) <> (service_booking_id is null)));`);
    this.addSql(`create index payment_sessions_created_index on payment_sessions (created_at);`);
    this.addSql(`create table sandbox_sessions (
      session_id text primary key,
      card text null,
      used_at timestamptz null,
      created_at timestamptz not null default now());`);
    this.addSql(`alter table sandbox_invoices add column session_card text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table sandbox_invoices drop column if exists session_card;`);
    this.addSql(`drop table if exists sandbox_sessions;`);
    this.addSql(`drop table if exists payment_sessions;`);
  }
}
