import { Migration } from '@mikro-orm/migrations';

/**
 * Each verified MyFatoorah webhook (issue #24), kept for the finance console's payment timeline: its event type,
 * MyFatoorah's reference (once: a retry carries the same one), the gateway ids it names, when it arrived, and its
 * payload with any card data removed.
 */
export class Migration20261126131300WebhookEventsMoney extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table webhook_events (
      id uuid primary key,
      event text not null,
      reference text null,
      invoice_id text null,
      payment_id text null,
      gateway_refund_id text null,
      payload jsonb not null,
      received_at timestamptz not null default now());`);
    this.addSql(`create unique index webhook_events_reference on webhook_events (event, reference) where reference is not null;`);
    this.addSql(`create index webhook_events_invoice on webhook_events (invoice_id) where invoice_id is not null;`);
    this.addSql(`create index webhook_events_payment on webhook_events (payment_id) where payment_id is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists webhook_events;`);
  }
}
