import { Migration } from '@mikro-orm/migrations';

/**
 * ZATCA phase 2 (issue #25): a rejected document is never valid, so it is corrected by issuing a NEW document — new
 * UUID, the next ICV, chained to the last hash — for the same sale. The rejected one stays in the chain (its hash was
 * given out) and is marked `superseded_at`; the new one names it in `replaces`. One live document per invoice and
 * per refund: the unique indexes leave superseded rows out.
 */
export class Migration20261126130500ZatcaResubmitZat25 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table e_invoices add column replaces uuid unique references e_invoices (id) on delete restrict;`);
    this.addSql(`alter table e_invoices add column superseded_at timestamptz;`);
    this.addSql(
      `alter table e_invoices add constraint e_invoices_superseded_rejected check (superseded_at is null or status = 'rejected');`,
    );
    this.addSql(`drop index e_invoices_payment_invoice;`);
    this.addSql(`drop index e_invoices_refund;`);
    this.addSql(
      `create unique index e_invoices_payment_invoice on e_invoices (payment_id) where type = 'invoice' and superseded_at is null;`,
    );
    this.addSql(`create unique index e_invoices_refund on e_invoices (refund_id) where refund_id is not null and superseded_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index e_invoices_payment_invoice;`);
    this.addSql(`drop index e_invoices_refund;`);
    this.addSql(`delete from e_invoices where replaces is not null;`);
    this.addSql(`create unique index e_invoices_payment_invoice on e_invoices (payment_id) where type = 'invoice';`);
    this.addSql(`create unique index e_invoices_refund on e_invoices (refund_id) where refund_id is not null;`);
    this.addSql(`alter table e_invoices drop constraint e_invoices_superseded_rejected;`);
    this.addSql(`alter table e_invoices drop column superseded_at;`);
    this.addSql(`alter table e_invoices drop column replaces;`);
  }
}
