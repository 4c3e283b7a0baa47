import { Migration } from '@mikro-orm/migrations';

/**
 * Customer–host messages (issue #23): one conversation per listing and customer, its messages, and per side the
 * read state and how far a digest mail has covered. Deleting a listing row (never done: listings are soft deleted)
 * would take its conversations with it; a booking's removal only unlinks it.
 */
export class Migration20261126010000MsgConversations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table conversations (
      id uuid primary key,
      resource_id uuid not null references resources(id) on delete cascade,
      customer_id uuid not null references users(id),
      host_id uuid not null references users(id),
      booking_id uuid null references bookings(id) on delete set null,
      last_message_at timestamptz not null,
      customer_last_read_at timestamptz null,
      host_last_read_at timestamptz null,
      customer_notified_at timestamptz null,
      host_notified_at timestamptz null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint conversations_resource_customer_unique unique (resource_id, customer_id),
      constraint conversations_two_people check (customer_id <> host_id)
    );`);
    this.addSql(`create index conversations_customer_idx on conversations (customer_id, last_message_at desc);`);
    this.addSql(`create index conversations_host_idx on conversations (host_id, last_message_at desc);`);
    this.addSql(`create table messages (
      id uuid primary key,
      conversation_id uuid not null references conversations(id) on delete cascade,
      sender_id uuid not null references users(id),
      body text not null,
      booking_id uuid null references bookings(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );`);
    this.addSql(`create index messages_conversation_created_idx on messages (conversation_id, created_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists messages;`);
    this.addSql(`drop table if exists conversations;`);
  }
}
