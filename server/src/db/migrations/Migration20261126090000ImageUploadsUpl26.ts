import { Migration } from '@mikro-orm/migrations';

/**
 * Pictures uploaded ahead of the listing form's save (issue #26): each stored web copy's key and who uploaded it, so
 * that only its uploader can put it on a listing. A row goes when a listing takes the picture; rows a day old, and
 * their files, are removed by the scheduler.
 */
export class Migration20261126090000ImageUploadsUpl26 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table image_uploads (
      key text primary key,
      owner_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create index image_uploads_created_at_idx on image_uploads (created_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists image_uploads;`);
  }
}
