import { Migration } from '@mikro-orm/migrations';

/**
 * Newsletter double opt-in: an address is subscribed once its owner follows the link of the confirmation mail
 * (`confirmed_at`). Addresses stored before this were welcomed under the earlier single opt-in and stay subscribed.
 */
export class Migration20261125100000NewsletterDoubleOptIn extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table newsletter_subscribers add column confirmed_at timestamptz null;`);
    this.addSql(`alter table newsletter_subscribers add column confirm_token text null;`);
    this.addSql(`update newsletter_subscribers set confirmed_at = created_at;`);
    this.addSql(`create unique index newsletter_subscribers_confirm_token_unique on newsletter_subscribers (confirm_token);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists newsletter_subscribers_confirm_token_unique;`);
    this.addSql(`alter table newsletter_subscribers drop column if exists confirm_token;`);
    this.addSql(`alter table newsletter_subscribers drop column if exists confirmed_at;`);
  }
}
