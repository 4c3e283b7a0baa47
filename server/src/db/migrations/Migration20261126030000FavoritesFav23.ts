import { Migration } from '@mikro-orm/migrations';

/**
 * Favourites (issue #23): a user's saved listings, once each (the unique index makes a repeated save a no-op under
 * concurrency), gone with the user or the listing row. Listed newest first per user.
 */
export class Migration20261126030000FavoritesFav23 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table favorites (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      resource_id uuid not null references resources (id) on delete cascade,
      created_at timestamptz not null default now());`);
    this.addSql(`create unique index favorites_user_resource_unique on favorites (user_id, resource_id);`);
    this.addSql(`create index favorites_user_created_index on favorites (user_id, created_at desc, id desc);`);
    this.addSql(`create index favorites_resource_index on favorites (resource_id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists favorites;`);
  }
}
