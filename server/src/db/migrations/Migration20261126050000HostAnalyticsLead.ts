import { Migration } from '@mikro-orm/migrations';

/**
 * Host analytics (issue #23): a listing's counted views per Riyadh calendar day, so a host can see views for a chosen
 * period. Written in the same statement that adds to `resources.views_count`; views counted before this existed have
 * no day and stay only in the running total.
 */
export class Migration20261126050000HostAnalyticsLead extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table resource_daily_views (
      resource_id uuid not null references resources (id) on delete cascade,
      day date not null,
      views integer not null check (views > 0),
      primary key (resource_id, day)
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists resource_daily_views;`);
  }
}
