import { Migration } from '@mikro-orm/migrations';

/**
 * Commission given back on refunds (issue #25): a refund of a settled split returns part of the platform's commission
 * and its VAT. Each such refund is accounted once — either netted into its month's commission invoice when that was
 * issued after the refund (`commission_invoice_refunds`), or credited by a commission credit note to the host when
 * the invoice was already issued (`commission_credit_notes`, own gap-free series, frozen snapshot).
 */
export class Migration20261127110000CommissionCreditNotes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table commission_invoice_refunds (
      refund_id uuid primary key references refunds (id) on delete restrict,
      invoice_id uuid not null references commission_invoices (id) on delete restrict,
      commission_halalas bigint not null check (commission_halalas >= 0),
      vat_halalas bigint not null check (vat_halalas >= 0));`);
    this.addSql(`create index commission_invoice_refunds_invoice on commission_invoice_refunds (invoice_id);`);
    this.addSql(`create table commission_credit_notes (
      id uuid primary key,
      host_id uuid not null references users (id) on delete restrict,
      invoice_id uuid not null references commission_invoices (id) on delete restrict,
      refund_id uuid not null references refunds (id) on delete restrict,
      credit_note_number bigint not null check (credit_note_number > 0),
      commission_halalas bigint not null check (commission_halalas >= 0),
      vat_halalas bigint not null check (vat_halalas >= 0),
      snapshot jsonb not null,
      issued_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now());`);
    this.addSql(`create unique index commission_credit_notes_number on commission_credit_notes (credit_note_number);`);
    this.addSql(`create unique index commission_credit_notes_refund on commission_credit_notes (refund_id);`);
    this.addSql(`create index commission_credit_notes_host on commission_credit_notes (host_id, issued_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists commission_credit_notes;`);
    this.addSql(`drop table if exists commission_invoice_refunds;`);
  }
}
