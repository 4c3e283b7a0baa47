import { Migration } from '@mikro-orm/migrations';

/**
 * Money a host owes back (issue #24): a held share refunded after it was transferred leaves the host's held balance
 * below 0. An admin collects it from the host's MyFatoorah supplier balance with TransferBalance `pull`; the transfer
 * row records which way it went, and the held balance adds pulls back.
 */
export class Migration20261126195301HeldCollectMoney3 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table held_payouts add column transfer_type text not null default 'push' check (transfer_type in ('push', 'pull'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table held_payouts drop column if exists transfer_type;`);
  }
}
