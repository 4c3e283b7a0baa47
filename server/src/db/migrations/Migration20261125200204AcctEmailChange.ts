import { Migration } from '@mikro-orm/migrations';

/** Single-use links that confirm a new login email (sent to the new address): only a SHA-256 of each token is kept. */
export class Migration20261125200204AcctEmailChange extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table email_change_tokens (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      new_email citext not null,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz null,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create index email_change_tokens_user_id_index on email_change_tokens (user_id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists email_change_tokens;`);
  }
}
