import { Migration } from '@mikro-orm/migrations';

/**
 * The company details a B2B tax invoice names for its buyer: VAT registration number, commercial registration
 * number and the national address (one jsonb object, read and written whole).
 */
export class Migration20261125200104AcctProfile extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users
      add column vat_number text null check (vat_number ~ '^3[0-9]{13}3$'),
      add column cr_number text null check (cr_number ~ '^[0-9]{10}$'),
      add column national_address jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table users drop column if exists vat_number, drop column if exists cr_number, drop column if exists national_address;`,
    );
  }
}
