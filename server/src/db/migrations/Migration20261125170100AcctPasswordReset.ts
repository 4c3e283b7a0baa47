import { Migration } from '@mikro-orm/migrations';

/** Single-use password reset links (forgot password): only a SHA-256 of each token is kept, for one hour. */
export class Migration20261125170100AcctPasswordReset extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table password_reset_tokens (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz null,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create index password_reset_tokens_user_id_index on password_reset_tokens (user_id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists password_reset_tokens;`);
  }
}
