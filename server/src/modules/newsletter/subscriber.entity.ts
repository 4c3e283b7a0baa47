import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

@Entity({ tableName: 'newsletter_subscribers' })
export class NewsletterSubscriber {
  [OptionalProps]?: 'createdAt' | 'locale' | 'unsubscribedAt' | 'unsubscribeToken' | 'confirmedAt' | 'confirmToken' | 'userId';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'citext', unique: true })
  email!: string;

  @Property({ type: 'text', fieldName: 'locale' })
  locale: string = 'en';

  @Property({ type: 'timestamptz', fieldName: 'unsubscribed_at', nullable: true })
  unsubscribedAt: Date | null = null;

  /** Set when the address's owner followed the confirmation link (double opt-in); only then is it subscribed. */
  @Property({ type: 'timestamptz', fieldName: 'confirmed_at', nullable: true })
  confirmedAt: Date | null = null;

  /** Random, per subscriber; the link of the confirmation mail carries it. */
  @Property({ type: 'text', fieldName: 'confirm_token', nullable: true, unique: true, hidden: true })
  confirmToken: string | null = null;

  /** Random, per subscriber; the unsubscribe link in every newsletter mail carries it (database default). */
  @Property({ type: 'text', fieldName: 'unsubscribe_token', unique: true, hidden: true, defaultRaw: `encode(gen_random_bytes(24), 'hex')` })
  unsubscribeToken!: string;

  /** The account this subscription belongs to: set only once that account's address is verified (issue #36). */
  @Property({ type: 'uuid', fieldName: 'user_id', nullable: true })
  userId: string | null = null;

  @Property({ type: 'timestamptz', fieldName: 'created_at' })
  createdAt: Date = new Date();
}
