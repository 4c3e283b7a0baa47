import { Migration } from '@mikro-orm/migrations';

/**
 * The built-in test gateway's invoice ids become random 128-bit hex strings (made by the gateway): a sequential
 * number let anyone walk the test payment pages. Existing test invoices keep their numbers as text.
 */
export class Migration20261125100000PaySandboxIds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table sandbox_invoices alter column invoice_id drop default;`);
    this.addSql(`alter table sandbox_invoices alter column invoice_id type text using invoice_id::text;`);
    this.addSql(`drop sequence if exists sandbox_invoice_seq;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from sandbox_invoices where invoice_id !~ '^[0-9]{1,18}$';`);
    this.addSql(`create sequence if not exists sandbox_invoice_seq start 900001;`);
    this.addSql(`alter table sandbox_invoices alter column invoice_id type bigint using invoice_id::bigint;`);
    this.addSql(`alter table sandbox_invoices alter column invoice_id set default nextval('sandbox_invoice_seq');`);
  }
}
