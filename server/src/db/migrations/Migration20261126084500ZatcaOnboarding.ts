import { Migration } from '@mikro-orm/migrations';

/**
 * ZATCA phase 2 (issue #25): the platform's e-invoicing unit (EGS) as onboarded with ZATCA. One row: the
 * environment, the seller identity the CSR and every document carry, the stamp's private key and the compliance and
 * production CSIDs (certificate + secret) — all three encrypted with ENCRYPTION_KEY like the gateway keys — and the
 * compliance checks' answers. `activated_at` is when the production CSID arrived: payments settled from then on get
 * phase-2 documents; before, and without a row, invoices stay phase 1.
 */
export class Migration20261126084500ZatcaOnboarding extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table zatca_onboarding (
      id smallint primary key default 1 check (id = 1),
      environment text not null check (environment in ('simulation', 'production')),
      status text not null check (status in ('compliance', 'active', 'failed')),
      seller jsonb not null,
      egs_serial text not null,
      private_key text not null,
      compliance_csid text,
      production_csid text,
      certificate_expires_at timestamptz,
      compliance_results jsonb not null default '[]',
      error text,
      activated_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists zatca_onboarding;`);
  }
}
