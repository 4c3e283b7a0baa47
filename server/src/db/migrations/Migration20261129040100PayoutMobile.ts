import { Migration } from '@mikro-orm/migrations';

/** The host's mobile on its payout profile (issue #35): MyFatoorah's CreateSupplier needs the supplier's real number. */
export class Migration20261129040100PayoutMobile extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payout_accounts add column mobile text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table payout_accounts drop column mobile;`);
  }
}
