import {
  Arg,
  Authorized,
  Ctx as Context,
  Field,
  FieldResolver,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Resource } from '../resources/resource.entity.js';

@ObjectType()
class BlockedRange {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'First blocked day, YYYY-MM-DD (Riyadh)' }) startDate!: string;
  @Field(() => String, { description: 'Last blocked day, YYYY-MM-DD (Riyadh), included' }) endDate!: string;
  @Field(() => String) note!: string;
}

@ObjectType()
class OpeningHours {
  @Field(() => Int, { description: '0 Sunday … 6 Saturday' }) weekday!: number;
  @Field(() => String, { description: 'HH:MM, Riyadh time' }) opens!: string;
  @Field(() => String, { description: 'HH:MM, Riyadh time (24:00 is midnight)' }) closes!: string;
}

@ObjectType({ description: "A listing's blocked days, opening hours and private calendar feed (owner or admin)" })
class ResourceAvailability {
  @Field(() => ID) resourceId!: string;
  @Field(() => Boolean, { description: 'Priced by the hour: opening hours apply' }) hourly!: boolean;
  @Field(() => [BlockedRange]) blocked!: BlockedRange[];
  @Field(() => [OpeningHours], { description: 'Empty: open around the clock; otherwise an unlisted weekday is closed' })
  openingHours!: OpeningHours[];
  @Field(() => String, { description: 'Private iCalendar feed of the bookings (keep it secret; rotate to revoke)' }) icsUrl!: string;
}

@InputType()
class BlockedRangeInput {
  @Field(() => String) startDate!: string;
  @Field(() => String) endDate!: string;
  @Field(() => String, { nullable: true }) note?: string | null;
}

@InputType()
class OpeningHoursInput {
  @Field(() => Int) weekday!: number;
  @Field(() => String) opens!: string;
  @Field(() => String) closes!: string;
}

@InputType()
class AvailabilityInput {
  @Field(() => [BlockedRangeInput]) blocked!: BlockedRangeInput[];
  @Field(() => [OpeningHoursInput], { nullable: true }) openingHours?: OpeningHoursInput[] | null;
}

@Resolver()
export class AvailabilityResolver {
  @Authorized()
  @Query(() => ResourceAvailability, { description: "A listing's availability (owner or admin)" })
  resourceAvailability(@Arg('resourceId', () => ID) resourceId: string, @Context() ctx: Ctx) {
    return ctx.services.availability.get(ctx.user, resourceId);
  }

  @Authorized()
  @Mutation(() => ResourceAvailability, { description: "Replaces a listing's blocked ranges and opening hours (owner or admin)" })
  setResourceAvailability(
    @Arg('resourceId', () => ID) resourceId: string,
    @Arg('input', () => AvailabilityInput) input: AvailabilityInput,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.availability.put(ctx.user, resourceId, input);
  }

  @Authorized()
  @Mutation(() => ResourceAvailability, { description: "Gives the listing's calendar feed a new address; the old one stops working" })
  rotateResourceCalendarFeed(@Arg('resourceId', () => ID) resourceId: string, @Context() ctx: Ctx) {
    return ctx.services.availability.rotateFeed(ctx.user, resourceId);
  }
}

/** What every reader of a listing may know of its calendar: an hourly listing's weekly opening hours (Riyadh time). */
@Resolver(() => Resource)
export class ResourceOpeningHoursResolver {
  @FieldResolver(() => [OpeningHours], {
    description: 'Weekly opening hours in Riyadh time (hourly listings; empty: open around the clock, or not priced by the hour)',
  })
  openingHours(@Root() r: Resource, @Context() ctx: Ctx) {
    return ctx.services.availability.openingHours(r);
  }
}
