import { Entity, Index, ManyToOne, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { BaseEntity } from '../common/base.entity.js';
import { User } from '../users/user.entity.js';
import { Booking } from '../bookings/booking.entity.js';
import { Conversation } from './conversation.entity.js';

/** One message of a conversation. Its text is validated by `messageBodySchema` (shared/messages.rules.ts). */
@ObjectType()
@Entity({ tableName: 'messages' })
@Index({ properties: ['conversation', 'createdAt'] })
export class Message extends BaseEntity<'booking' | 'conversationId' | 'senderId' | 'bookingId'> {
  @ManyToOne(() => Conversation, { fieldName: 'conversation_id', ref: true, deleteRule: 'cascade' })
  conversation!: Ref<Conversation>;

  @ManyToOne(() => User, { fieldName: 'sender_id', ref: true })
  sender!: Ref<User>;

  @Field(() => String)
  @Property({ type: 'text' })
  body!: string;

  /** The booking the message was written from, when it was ("Message the host" on a booking). */
  @ManyToOne(() => Booking, { fieldName: 'booking_id', ref: true, nullable: true, deleteRule: 'set null' })
  booking: Ref<Booking> | null = null;

  @Field(() => ID)
  get conversationId(): string {
    return this.conversation.id;
  }

  @Field(() => ID)
  get senderId(): string {
    return this.sender.id;
  }

  @Field(() => ID, { nullable: true })
  get bookingId(): string | null {
    return this.booking?.id ?? null;
  }
}
