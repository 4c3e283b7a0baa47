import { Entity, Index, ManyToOne, Property, Unique, type Ref } from '@mikro-orm/core';
import { BaseEntity } from '../common/base.entity.js';
import { User } from '../users/user.entity.js';
import { Resource } from '../resources/resource.entity.js';
import { Booking } from '../bookings/booking.entity.js';

/**
 * The one conversation between a customer and a listing's host about that listing (unique per listing and
 * customer). Read state is kept per side; the GraphQL and REST shapes are built by the service (ConversationView).
 */
@Entity({ tableName: 'conversations' })
@Unique({ properties: ['resource', 'customer'] })
export class Conversation extends BaseEntity<
  'booking' | 'customerLastReadAt' | 'hostLastReadAt' | 'customerNotifiedAt' | 'hostNotifiedAt' | 'lastMessageAt'
> {
  @ManyToOne(() => Resource, { fieldName: 'resource_id', ref: true, deleteRule: 'cascade' })
  resource!: Ref<Resource>;

  @ManyToOne(() => User, { fieldName: 'customer_id', ref: true })
  @Index()
  customer!: Ref<User>;

  @ManyToOne(() => User, { fieldName: 'host_id', ref: true })
  @Index()
  host!: Ref<User>;

  /** The latest booking the customer wrote from ("Message the host" on a booking). */
  @ManyToOne(() => Booking, { fieldName: 'booking_id', ref: true, nullable: true, deleteRule: 'set null' })
  booking: Ref<Booking> | null = null;

  @Property({ type: 'timestamptz', fieldName: 'last_message_at' })
  lastMessageAt: Date = new Date();

  @Property({ type: 'timestamptz', fieldName: 'customer_last_read_at', nullable: true })
  customerLastReadAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'host_last_read_at', nullable: true })
  hostLastReadAt: Date | null = null;

  /** Up to when the customer's unread messages went out in a digest mail (none is mailed twice). */
  @Property({ type: 'timestamptz', fieldName: 'customer_notified_at', nullable: true })
  customerNotifiedAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'host_notified_at', nullable: true })
  hostNotifiedAt: Date | null = null;
}
