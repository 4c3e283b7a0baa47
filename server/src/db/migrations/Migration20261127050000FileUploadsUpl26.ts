import { Migration } from '@mikro-orm/migrations';

/**
 * A digital listing's file uploaded ahead of the listing form's save, as its pictures are (issue #26): the stored
 * file's key (ending in the format it was checked as) and who uploaded it, so that only its uploader can put it on a
 * listing. A row goes when a listing takes the file; rows a day old, and their files, are removed by the scheduler.
 */
export class Migration20261127050000FileUploadsUpl26 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table file_uploads (
      key text primary key,
      owner_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create index file_uploads_created_at_idx on file_uploads (created_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists file_uploads;`);
  }
}
