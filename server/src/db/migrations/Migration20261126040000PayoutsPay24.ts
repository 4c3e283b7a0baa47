import { Migration } from '@mikro-orm/migrations';

/**
 * Paying out hosts (issue #24): a host's payout profile (their MyFatoorah supplier, IBAN encrypted), and the split of
 * each payment for a host's listing — gross, commission, VAT on commission and host net in halalas — proposed when
 * the gateway request is sent and fixed at settlement (settled_at), never recomputed. supplier_code null: the host
 * had no approved supplier, so the share is held by the platform (pending).
 */
export class Migration20261126040000PayoutsPay24 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table payout_accounts (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      legal_name text not null,
      commercial_registration text not null,
      vat_number text null,
      bank text not null,
      iban_encrypted text not null,
      iban_last4 text not null,
      documents jsonb not null default '[]',
      supplier_code integer null,
      supplier_status text not null default 'none' check (supplier_status in ('none', 'pending', 'approved', 'rejected')),
      supplier_comment text null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now());`);
    this.addSql(`create unique index payout_accounts_user_unique on payout_accounts (user_id);`);
    this.addSql(`create index payout_accounts_supplier_code_index on payout_accounts (supplier_code);`);
    this.addSql(`create table payment_splits (
      id uuid primary key,
      payment_id uuid not null references payments (id) on delete cascade,
      host_id uuid not null references users (id) on delete cascade,
      category text not null,
      gross integer not null check (gross >= 0),
      commission integer not null check (commission >= 0),
      vat_on_commission integer not null check (vat_on_commission >= 0),
      host_net integer not null check (host_net >= 0),
      supplier_code integer null,
      settled_at timestamptz null,
      created_at timestamptz not null default now(),
      constraint payment_splits_adds_up check (host_net + commission + vat_on_commission = gross));`);
    this.addSql(`create unique index payment_splits_payment_unique on payment_splits (payment_id);`);
    this.addSql(`create index payment_splits_host_settled_index on payment_splits (host_id, settled_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists payment_splits;`);
    this.addSql(`drop table if exists payout_accounts;`);
  }
}
