import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000000Init extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists citext;`);
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create extension if not exists pgcrypto;`);

    this.addSql(`create table users (
      id uuid primary key,
      email citext not null unique,
      password_hash text not null,
      full_name text not null,
      company_name text null,
      phone text null,
      role text not null default 'regular' check (role in ('regular', 'host_seller', 'admin')),
      status text not null default 'active' check (status in ('active', 'inactive', 'suspended')),
      email_verified boolean not null default false,
      email_verified_at timestamptz null,
      locale text not null default 'en' check (locale in ('en', 'ar')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql(`create index users_role_index on users (role);`);
    this.addSql(`create index users_created_at_index on users (created_at desc);`);

    this.addSql(`create table email_verification_tokens (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz null,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create index email_verification_tokens_user_id_index on email_verification_tokens (user_id);`);

    this.addSql(`create table newsletter_subscribers (
      id uuid primary key,
      email citext not null unique,
      locale text not null default 'en',
      unsubscribed_at timestamptz null,
      created_at timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists newsletter_subscribers;`);
    this.addSql(`drop table if exists email_verification_tokens;`);
    this.addSql(`drop table if exists users;`);
  }
}
