import { Migration } from '@mikro-orm/migrations';

/**
 * Notifications (issue #23). A notification is unique per (user, source): the source names the event that caused
 * it (the job that carried it, and what for), so a job retried after it wrote cannot write it twice. Preferences
 * hold only the kinds a user turned off or on again; a kind without a row mails (the default is on).
 */
export class Migration20261126040000NotificationsNtf23 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table notifications (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      kind varchar(40) not null,
      source varchar(200) not null,
      params jsonb not null default '{}'::jsonb,
      link varchar(300) not null,
      read_at timestamptz null,
      created_at timestamptz not null default now());`);
    this.addSql(`create unique index notifications_user_source_unique on notifications (user_id, source);`);
    this.addSql(`create index notifications_user_created_index on notifications (user_id, created_at desc, id desc);`);
    this.addSql(`create index notifications_user_unread_index on notifications (user_id) where read_at is null;`);
    this.addSql(`create table notification_preferences (
      user_id uuid not null references users (id) on delete cascade,
      kind varchar(40) not null,
      email boolean not null,
      primary key (user_id, kind));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists notification_preferences;`);
    this.addSql(`drop table if exists notifications;`);
  }
}
