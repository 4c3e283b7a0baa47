import { Entity, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { Authorized, Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../common/base.entity.js';
import { Role } from '../common/roles.js';
import { User } from '../users/user.entity.js';
import type { WorkingInterval } from '../../shared/advisors.rules.js';

@ObjectType({ description: 'One working interval of a weekday, Riyadh time' })
class AdvisorWorkingInterval implements WorkingInterval {
  @Field(() => Int, { description: '0 = Sunday … 6 = Saturday' }) weekday!: number;
  @Field(() => String, { description: 'HH:MM' }) from!: string;
  @Field(() => String, { description: 'HH:MM (24:00 = midnight)' }) to!: string;
}

/** A user's advisor profile (issue #22): who customers meet for a service booking, and when they can. */
@ObjectType()
@Entity({ tableName: 'advisors' })
export class Advisor extends BaseEntity<'serviceIds' | 'languages' | 'weeklyHours' | 'daysOff' | 'active' | 'userEmail'> {
  @ManyToOne(() => User, { fieldName: 'user_id', unique: true })
  user!: Rel<User>;

  @Field(() => String)
  @Property({ type: 'text', fieldName: 'display_name' })
  displayName!: string;

  @Field(() => [String], { description: 'The services (ids) this advisor covers' })
  @Property({ type: 'json', fieldName: 'service_ids' })
  serviceIds: string[] = [];

  @Field(() => [String], { description: 'Languages the advisor meets in (en, ar, …)' })
  @Property({ type: 'json' })
  languages: string[] = [];

  @Field(() => [AdvisorWorkingInterval], { description: 'Weekly availability, Riyadh time' })
  @Property({ type: 'json', fieldName: 'weekly_hours' })
  weeklyHours: WorkingInterval[] = [];

  @Field(() => [String], { description: 'Days off (YYYY-MM-DD, Riyadh calendar)' })
  @Property({ type: 'json', fieldName: 'days_off' })
  daysOff: string[] = [];

  @Field(() => Boolean, { description: 'Whether customers can book this advisor' })
  @Property({ type: 'boolean' })
  active = true;

  @Authorized(Role.admin)
  @Field(() => String, { nullable: true, description: "Admins: the advisor's account email" })
  get userEmail(): string | null {
    return this.user?.email ?? null;
  }
}
