import { Migration } from '@mikro-orm/migrations';

/**
 * A session version per user, carried in every access token (claim `ver`) and compared on every request and
 * WebSocket connection: bumping it ends every session of the account (sign out everywhere, password reset or change).
 */
export class Migration20261125170000AcctSessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users add column token_version int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table users drop column if exists token_version;`);
  }
}
