import { Migration } from '@mikro-orm/migrations';

/** Public site: inquiries and consultation requests, business services content, newsletter unsubscribe tokens. */
export class Migration20261123200000Public extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table inquiries (
      id uuid primary key,
      service_type text not null default 'resource-sharing' check (service_type in ('resource-sharing', 'legal-consultancy')),
      full_name text not null,
      email citext not null,
      company_name text null,
      message text not null,
      status text not null default 'new' check (status in ('new', 'in_progress', 'resolved', 'closed')),
      preferred_date date null,
      preferred_time text null,
      locale text not null default 'en' check (locale in ('en', 'ar')),
      user_id uuid null references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql(`create index inquiries_created_at_index on inquiries (created_at desc);`);
    this.addSql(`create index inquiries_status_index on inquiries (status);`);
    this.addSql(`create index inquiries_user_id_index on inquiries (user_id);`);

    // Content of the six business services, both languages in one row; rows are kept in sync with
    // server/src/modules/business-services/business-services.content.ts at every start (seedServiceContent).
    this.addSql(`create table services (
      id text primary key,
      icon text not null,
      image text null,
      sort_order integer not null default 0,
      content jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);

    this.addSql(`alter table newsletter_subscribers add column unsubscribe_token text null;`);
    this.addSql(
      `update newsletter_subscribers set unsubscribe_token = encode(gen_random_bytes(24), 'hex') where unsubscribe_token is null;`,
    );
    this.addSql(`alter table newsletter_subscribers alter column unsubscribe_token set default encode(gen_random_bytes(24), 'hex');`);
    this.addSql(`alter table newsletter_subscribers alter column unsubscribe_token set not null;`);
    this.addSql(`create unique index newsletter_subscribers_unsubscribe_token_unique on newsletter_subscribers (unsubscribe_token);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists newsletter_subscribers_unsubscribe_token_unique;`);
    this.addSql(`alter table newsletter_subscribers drop column if exists unsubscribe_token;`);
    this.addSql(`drop table if exists services;`);
    this.addSql(`drop table if exists inquiries;`);
  }
}
