import { Migration } from '@mikro-orm/migrations';

/** Admin console: key/value settings (secrets encrypted inside the JSON) and the audit log of admin changes. */
export class Migration20261123300000Admin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table settings (
      key text primary key,
      value jsonb not null default '{}'::jsonb,
      updated_by uuid null references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);

    this.addSql(`create table audit_log (
      id uuid primary key,
      actor_id uuid null references users (id) on delete set null,
      actor_email text not null,
      action text not null,
      entity_type text not null,
      entity_id text null,
      entity_label text null,
      before jsonb null,
      after jsonb null,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create index audit_log_created_at_index on audit_log (created_at desc, id desc);`);
    this.addSql(`create index audit_log_entity_index on audit_log (entity_type, entity_id, created_at desc);`);

    // Admin › Users searches name, email and company with ILIKE '%…%': a trigram index keeps that fast.
    this.addSql(
      `create index users_search_trgm_index on users using gin ((lower(full_name || ' ' || email::text || ' ' || coalesce(company_name, ''))) gin_trgm_ops);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists users_search_trgm_index;`);
    this.addSql(`drop table if exists audit_log;`);
    this.addSql(`drop table if exists settings;`);
  }
}
