import { Migration } from '@mikro-orm/migrations';

/**
 * ZATCA phase 2 (issue #25): the chain of signed e-invoice documents. `zatca_chain` is one row holding the invoice
 * counter (ICV) and the hash of the last document; issuing locks it (select … for update), signs the next document
 * with icv + 1 and the last hash as its PIH, stores the document and moves the row on, all in one transaction, so
 * two instances never give out the same counter or chain two documents to the same predecessor. The first document
 * chains to ZATCA's hash of "0". `e_invoices` keeps every signed document with what ZATCA answered.
 */
export class Migration20261126082500ZatcaChain extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table zatca_chain (
      id smallint primary key default 1 check (id = 1),
      icv bigint not null default 0 check (icv >= 0),
      last_hash text not null,
      updated_at timestamptz not null default now()
    );`);
    this.addSql(
      `insert into zatca_chain (id, icv, last_hash) values (1, 0, 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==');`,
    );
    this.addSql(`create table e_invoices (
      id uuid primary key,
      icv bigint not null unique check (icv > 0),
      pih text not null,
      hash text not null unique,
      kind text not null check (kind in ('standard', 'simplified')),
      type text not null check (type in ('invoice', 'credit_note', 'debit_note')),
      number text not null,
      payment_id uuid references payments (id) on delete restrict,
      refund_id uuid references refunds (id) on delete restrict,
      environment text not null check (environment in ('simulation', 'production')),
      xml text not null,
      status text not null default 'pending'
        check (status in ('pending', 'cleared', 'reported', 'reported_with_warnings', 'rejected', 'failed')),
      zatca_messages jsonb not null default '[]',
      cleared_xml text,
      attempts integer not null default 0,
      submitted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql(`create unique index e_invoices_payment_invoice on e_invoices (payment_id) where type = 'invoice';`);
    this.addSql(`create unique index e_invoices_refund on e_invoices (refund_id) where refund_id is not null;`);
    this.addSql(`create index e_invoices_pending on e_invoices (icv) where status = 'pending';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists e_invoices;`);
    this.addSql(`drop table if exists zatca_chain;`);
  }
}
