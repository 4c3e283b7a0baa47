import { Entity, ManyToOne, OneToOne, Property } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../common/base.entity.js';
import { User } from '../users/user.entity.js';
import { Resource } from '../resources/resource.entity.js';
import { Booking } from '../bookings/booking.entity.js';

/** The first word of a name: what a review shows of its author. */
const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

/**
 * A customer's review of a listing, one per booking (a unique index), written once the booking is completed. The
 * listing's `rating` and `reviewsCount` are computed from its visible (not hidden) reviews whenever one changes.
 */
@ObjectType()
@Entity({ tableName: 'reviews' })
export class Review extends BaseEntity<
  'reply' | 'repliedAt' | 'hiddenAt' | 'hiddenReason' | 'authorName' | 'resourceId' | 'resourceTitle' | 'hidden'
> {
  @OneToOne(() => Booking, { fieldName: 'booking_id', owner: true, unique: 'reviews_booking_id_unique' })
  booking!: Booking;

  @ManyToOne(() => Resource, { fieldName: 'resource_id' })
  resource!: Resource;

  @ManyToOne(() => User, { fieldName: 'user_id' })
  user!: User;

  @Field(() => Int, { description: '1 to 5 stars' })
  @Property({ type: 'smallint' })
  rating!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  comment!: string;

  @Field(() => String, { nullable: true, description: "The listing host's answer (once)" })
  @Property({ type: 'text', nullable: true })
  reply: string | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', fieldName: 'replied_at', nullable: true })
  repliedAt: Date | null = null;

  /** Hidden by an admin: out of the listing's reviews and rating. */
  @Property({ type: 'timestamptz', fieldName: 'hidden_at', nullable: true })
  hiddenAt: Date | null = null;

  @Field(() => String, { nullable: true, description: 'Why an admin hid it (only admins ever see hidden reviews)' })
  @Property({ type: 'text', fieldName: 'hidden_reason', nullable: true })
  hiddenReason: string | null = null;

  @Field(() => String, { description: "The reviewer's first name (the public sees no more of them)" })
  get authorName(): string {
    return firstName(this.user.fullName);
  }

  @Field(() => String)
  get resourceTitle(): string {
    return this.resource.title;
  }

  @Field(() => String)
  get resourceId(): string {
    return this.resource.id;
  }

  @Field(() => Boolean, { description: 'Hidden by an admin (only admins ever see hidden reviews)' })
  get hidden(): boolean {
    return this.hiddenAt !== null;
  }
}

/**
 * A host's private rating of a customer after a completed booking of their listing, one per booking. Never shown to
 * the customer or the public: other hosts see the customer's average on a booking of their own listing.
 */
@Entity({ tableName: 'customer_ratings' })
export class CustomerRating extends BaseEntity<'note'> {
  @OneToOne(() => Booking, { fieldName: 'booking_id', owner: true, unique: 'customer_ratings_booking_id_unique' })
  booking!: Booking;

  @ManyToOne(() => User, { fieldName: 'customer_id' })
  customer!: User;

  @ManyToOne(() => User, { fieldName: 'host_id' })
  host!: User;

  @Property({ type: 'smallint' })
  rating!: number;

  @Property({ type: 'text', nullable: true })
  note: string | null = null;
}
