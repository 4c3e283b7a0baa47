import { Migration } from '@mikro-orm/migrations';

/**
 * The monthly commission invoice from the platform to each host (issue #24): one per host per Riyadh calendar month
 * (unique), numbered in its own series, frozen as issued (the snapshot is the invoice; a check keeps number and
 * snapshot together).
 */
export class Migration20261126131200CommissionInvoicesMoney extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence commission_invoice_number_seq start 1;`);
    this.addSql(`create table commission_invoices (
      id uuid primary key,
      host_id uuid not null references users (id) on delete restrict,
      month text not null check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      invoice_number bigint not null,
      commission_halalas bigint not null check (commission_halalas >= 0),
      vat_halalas bigint not null check (vat_halalas >= 0),
      snapshot jsonb not null,
      issued_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now());`);
    this.addSql(`create unique index commission_invoices_host_month on commission_invoices (host_id, month);`);
    this.addSql(`create unique index commission_invoices_number on commission_invoices (invoice_number);`);
    this.addSql(`create index payment_splits_settled_index on payment_splits (settled_at) where settled_at is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists payment_splits_settled_index;`);
    this.addSql(`drop table if exists commission_invoices;`);
    this.addSql(`drop sequence if exists commission_invoice_number_seq;`);
  }
}
