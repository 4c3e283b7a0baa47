import { Migration } from '@mikro-orm/migrations';

/** The retention pass deletes verified webhooks by age (`webhook-events.prune`): an index on when they arrived. */
export class Migration20261127100200WebhookRetentionMoney2 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index webhook_events_received_at on webhook_events (received_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists webhook_events_received_at;`);
  }
}
