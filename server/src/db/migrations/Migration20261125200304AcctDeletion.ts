import { Migration } from '@mikro-orm/migrations';

/**
 * Account deletion (PDPL) and consent: `deleted_at` marks an account erased at its owner's request (the row stays,
 * anonymised, because payments and issued invoices point at it); the privacy policy version accepted at
 * registration and when.
 */
export class Migration20261125200304AcctDeletion extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users
      add column deleted_at timestamptz null,
      add column privacy_policy_version text null,
      add column privacy_accepted_at timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table users drop column if exists deleted_at, drop column if exists privacy_policy_version, drop column if exists privacy_accepted_at;`,
    );
  }
}
