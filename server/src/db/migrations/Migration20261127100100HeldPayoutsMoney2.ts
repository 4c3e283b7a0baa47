import { Migration } from '@mikro-orm/migrations';

/**
 * Held shares paid out (issue #24): a host booked before its payout profile was approved had its share held by the
 * platform; once its supplier is approved an admin transfers the held balance to it (MyFatoorah TransferBalance,
 * push). One row per transfer; at most one in flight per host (a partial unique index), so two admins clicking at
 * once transfer once.
 */
export class Migration20261127100100HeldPayoutsMoney2 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table held_payouts (
      id uuid primary key,
      host_id uuid not null references users (id) on delete cascade,
      supplier_code integer not null,
      amount_halalas bigint not null check (amount_halalas > 0),
      status text not null default 'requested' check (status in ('requested', 'transferred', 'failed')),
      gateway text not null,
      gateway_reference text null,
      error text null,
      admin_id uuid null references users (id) on delete set null,
      transferred_at timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now());`);
    this.addSql(`create unique index held_payouts_one_in_flight on held_payouts (host_id) where status = 'requested';`);
    this.addSql(`create index held_payouts_host on held_payouts (host_id, created_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists held_payouts;`);
  }
}
