import { Migration } from '@mikro-orm/migrations';

/**
 * ZATCA phase 2 for the platform's commission documents to hosts (issue #25): an e-invoice names what it e-invoices —
 * a payment (the buyer's invoice; with `refund_id` its credit note), a commission invoice or a commission credit
 * note — exactly one of them, and each has at most one live (not superseded) document, as payments and refunds have.
 */
export class Migration20261126192117CommissionEInvoices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table e_invoices add column commission_invoice_id uuid references commission_invoices (id) on delete restrict;`);
    this.addSql(
      `alter table e_invoices add column commission_credit_note_id uuid references commission_credit_notes (id) on delete restrict;`,
    );
    this.addSql(
      `alter table e_invoices add constraint e_invoices_one_source
         check (num_nonnulls(payment_id, commission_invoice_id, commission_credit_note_id) = 1
                and (refund_id is null or payment_id is not null));`,
    );
    this.addSql(
      `create unique index e_invoices_commission_invoice on e_invoices (commission_invoice_id)
         where commission_invoice_id is not null and superseded_at is null;`,
    );
    this.addSql(
      `create unique index e_invoices_commission_credit_note on e_invoices (commission_credit_note_id)
         where commission_credit_note_id is not null and superseded_at is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from e_invoices where commission_invoice_id is not null or commission_credit_note_id is not null;`);
    this.addSql(`alter table e_invoices drop constraint e_invoices_one_source;`);
    this.addSql(`alter table e_invoices drop column commission_credit_note_id;`);
    this.addSql(`alter table e_invoices drop column commission_invoice_id;`);
  }
}
