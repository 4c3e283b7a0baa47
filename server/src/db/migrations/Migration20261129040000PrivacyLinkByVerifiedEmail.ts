import { Migration } from '@mikro-orm/migrations';

/**
 * An account's export and deletion cover only rows tied to its user id (issue #36). A newsletter subscription made
 * before the account existed joins it when the account's address is verified, so the subscription gets the column
 * that ties it. Rows of accounts verified before this change are tied now the same way: inquiries and subscriptions
 * sent to the address before it was verified.
 */
export class Migration20261129040000PrivacyLinkByVerifiedEmail extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table newsletter_subscribers add column user_id uuid null references users (id) on delete set null;`);
    this.addSql(`create index newsletter_subscribers_user_index on newsletter_subscribers (user_id);`);
    this.addSql(`update inquiries i set user_id = u.id from users u
      where i.user_id is null and u.email_verified and u.deleted_at is null and i.email = u.email
        and i.created_at <= coalesce(u.email_verified_at, now());`);
    this.addSql(`update newsletter_subscribers n set user_id = u.id from users u
      where n.user_id is null and u.email_verified and u.deleted_at is null and n.email = u.email
        and n.created_at <= coalesce(u.email_verified_at, now());`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table newsletter_subscribers drop column if exists user_id;`);
  }
}
