import { Migration } from '@mikro-orm/migrations';

/**
 * Cancelling and refunding (issue #24). A listing's cancellation policy (none = the spec's "no refunds", the
 * default); each booking keeps the policy it was made under (a host's later change never lowers a refund already
 * promised). Refunds: one per payment (a unique index, so a repeated cancel, webhook or job cannot refund twice),
 * in halalas, with the gateway's refund id; a credit note (its own number, frozen like an invoice) per refund of an
 * invoiced payment. The booking carries its refund's status and amount for lists and live events.
 */
export class Migration20261126040000RefundsRef24 extends Migration {
  override async up(): Promise<void> {
    const policy = `text not null default 'none' check (cancellation_policy in ('none', 'flexible', 'moderate', 'strict'))`;
    this.addSql(`alter table resources add column cancellation_policy ${policy};`);
    this.addSql(`alter table bookings add column cancellation_policy ${policy};`);
    this.addSql(
      `alter table bookings add column refund_status text not null default 'none' check (refund_status in ('none', 'requested', 'refunded', 'failed'));`,
    );
    this.addSql(`alter table bookings add column refund_amount numeric(12,2) not null default 0;`);
    this.addSql(`create sequence credit_note_number_seq start 1001;`);
    this.addSql(`create table refunds (
      id uuid primary key,
      payment_id uuid not null references payments (id) on delete restrict,
      booking_id uuid references bookings (id) on delete restrict,
      service_booking_id uuid references service_bookings (id) on delete restrict,
      user_id uuid not null references users (id) on delete restrict,
      amount_halalas bigint not null check (amount_halalas > 0),
      reason text not null check (reason in ('customer_cancelled', 'host_cancelled', 'admin_cancelled', 'refund_due', 'duplicate')),
      policy text,
      status text not null default 'requested' check (status in ('requested', 'refunded', 'failed')),
      gateway text not null,
      gateway_refund_id text,
      idempotency_key text not null,
      attempts integer not null default 0,
      error text,
      claimed_at timestamptz,
      requested_at timestamptz,
      refunded_at timestamptz,
      credit_note_number bigint,
      credit_note_snapshot jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint refunds_credit_note_whole check ((credit_note_number is null) = (credit_note_snapshot is null)));`);
    this.addSql(`create unique index refunds_one_per_payment on refunds (payment_id);`);
    this.addSql(`create unique index refunds_idempotency_key on refunds (idempotency_key);`);
    this.addSql(`create unique index refunds_credit_note_number on refunds (credit_note_number) where credit_note_number is not null;`);
    this.addSql(
      `create unique index refunds_gateway_refund_id on refunds (gateway, gateway_refund_id) where gateway_refund_id is not null;`,
    );
    this.addSql(`create index refunds_booking_index on refunds (booking_id);`);
    this.addSql(`create index refunds_open_index on refunds (updated_at) where status = 'requested';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists refunds;`);
    this.addSql(`drop sequence if exists credit_note_number_seq;`);
    this.addSql(`alter table bookings drop column if exists refund_amount;`);
    this.addSql(`alter table bookings drop column if exists refund_status;`);
    this.addSql(`alter table bookings drop column if exists cancellation_policy;`);
    this.addSql(`alter table resources drop column if exists cancellation_policy;`);
  }
}
