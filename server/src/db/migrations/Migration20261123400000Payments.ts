import { Migration } from '@mikro-orm/migrations';

export class Migration20261123400000Payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence invoice_number_seq start 1001;`);
    this.addSql(`create table payments (
      id uuid primary key,
      booking_id uuid not null references bookings (id) on delete restrict,
      user_id uuid not null references users (id) on delete restrict,
      method text not null check (method in ('card', 'gateway')),
      gateway text not null check (gateway in ('myfatoorah', 'sandbox')),
      status text not null check (status in ('initiated', 'processing', 'paid', 'failed', 'duplicate')),
      subtotal numeric(12,2) not null,
      vat numeric(12,2) not null,
      amount numeric(12,2) not null,
      currency text not null default 'SAR',
      invoice_id text null,
      payment_id text null,
      transaction_id text null,
      card_brand text null,
      card_last4 text null check (card_last4 is null or card_last4 ~ '^[0-9]{4}$'),
      error text null,
      invoice_number bigint null unique,
      paid_at timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql(`create index payments_booking_id_index on payments (booking_id, created_at desc);`);
    this.addSql(`create index payments_invoice_id_index on payments (invoice_id);`);
    // The money is taken once: one paid payment per booking, one direct charge in flight per booking.
    this.addSql(`create unique index payments_one_paid_per_booking on payments (booking_id) where status = 'paid';`);
    this.addSql(`create unique index payments_one_processing_per_booking on payments (booking_id) where status = 'processing';`);
    this.addSql(`create unique index payments_webhook_once on payments (payment_id) where payment_id is not null;`);

    // The built-in test gateway (test mode without an API key): MyFatoorah-shaped invoices.
    this.addSql(`create sequence sandbox_invoice_seq start 500001;`);
    this.addSql(`create table sandbox_invoices (
      invoice_id bigint primary key default nextval('sandbox_invoice_seq'),
      value numeric(12,2) not null,
      status text not null default 'Pending',
      customer_reference text not null,
      callback_url text not null,
      error_url text not null,
      direct boolean not null,
      transactions jsonb not null default '[]',
      created_at timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists sandbox_invoices;`);
    this.addSql(`drop sequence if exists sandbox_invoice_seq;`);
    this.addSql(`drop table if exists payments;`);
    this.addSql(`drop sequence if exists invoice_number_seq;`);
  }
}
