import { Arg, Authorized, Ctx as Context, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Role } from '../common/roles.js';
import type { z } from 'zod';
import { SLOT_MINUTES, type createAdvisorSchema } from '../../shared/advisors.rules.js';
import { Advisor } from './advisor.entity.js';
import { given } from '../../graphql/inputs.js';

@InputType()
class WorkingIntervalInput {
  @Field(() => Int, { description: '0 = Sunday … 6 = Saturday' }) weekday!: number;
  @Field(() => String, { description: 'HH:MM, Riyadh time' }) from!: string;
  @Field(() => String, { description: 'HH:MM (24:00 = midnight), after from' }) to!: string;
}

@InputType()
class AdvisorInput {
  @Field(() => String, { nullable: true, description: "The advisor's account email (creating only)" }) userEmail?: string | null;
  @Field(() => String, { nullable: true }) displayName?: string | null;
  @Field(() => [String], { nullable: true, description: 'Service ids the advisor covers' }) serviceIds?: string[] | null;
  @Field(() => [String], { nullable: true, description: 'Two-letter language codes (en, ar, …)' }) languages?: string[] | null;
  @Field(() => [WorkingIntervalInput], { nullable: true, description: 'Weekly availability, Riyadh time' }) weeklyHours?:
    WorkingIntervalInput[] | null;
  @Field(() => [String], { nullable: true, description: 'Days off, YYYY-MM-DD' }) daysOff?: string[] | null;
  @Field(() => Boolean, { nullable: true }) active?: boolean | null;
}

@ObjectType()
class SlotAdvisor {
  @Field(() => ID) id!: string;
  @Field(() => String) displayName!: string;
  @Field(() => [String]) languages!: string[];
}

@ObjectType()
class FreeSlot {
  @Field(() => String, { description: 'YYYY-MM-DD, Riyadh calendar' }) date!: string;
  @Field(() => Date) start!: Date;
  @Field(() => String, { description: 'HH:MM, Riyadh time' }) time!: string;
  @Field(() => [ID], { description: 'The advisors free then (see ServiceSlots.advisors); booking takes the first still free' })
  advisorIds!: string[];
}

/** Flat lists (slots, and the advisors they name once), so the answer stays within the query cost limit. */
@ObjectType()
class ServiceSlots {
  @Field(() => String) from!: string;
  @Field(() => String) to!: string;
  @Field(() => Int) slotMinutes!: number;
  @Field(() => Boolean, { description: 'Whether the service is booked by slots (it has advisors)' }) hasAdvisors!: boolean;
  @Field(() => [SlotAdvisor], { description: 'The active advisors covering the service' }) advisors!: SlotAdvisor[];
  @Field(() => [FreeSlot], { description: 'Every free slot of the range, in order' }) slots!: FreeSlot[];
}

@Resolver(() => Advisor)
export class AdvisorResolver {
  @Authorized(Role.admin)
  @Query(() => [Advisor], { description: 'Admins: every advisor profile, or those covering a service' })
  advisors(@Arg('serviceId', () => String, { nullable: true }) serviceId: string | null, @Context() ctx: Ctx) {
    return ctx.services.advisors.list({ serviceId });
  }

  @Query(() => [Advisor], { description: 'The active advisors who cover a service' })
  serviceAdvisors(@Arg('serviceId', () => String) serviceId: string, @Context() ctx: Ctx) {
    return ctx.services.advisors.forService(serviceId);
  }

  @Query(() => ServiceSlots, { description: 'Free slots of a service between two Riyadh days (default: the next 14 days)' })
  async serviceSlots(
    @Arg('serviceId', () => String) serviceId: string,
    @Arg('from', () => String, { nullable: true }) from: string | null,
    @Arg('to', () => String, { nullable: true }) to: string | null,
    @Arg('advisorId', () => ID, { nullable: true }) advisorId: string | null,
    @Context() ctx: Ctx,
  ): Promise<ServiceSlots> {
    const r = await ctx.services.advisors.slots(serviceId, { from, to }, advisorId ?? undefined);
    return {
      from: r.from,
      to: r.to,
      slotMinutes: SLOT_MINUTES,
      hasAdvisors: r.advisors.length > 0,
      advisors: r.advisors.map((a) => ({ id: a.id, displayName: a.displayName, languages: a.languages })),
      slots: r.days.flatMap((d) =>
        d.slots.map((s) => ({ date: d.date, start: new Date(s.start), time: s.time, advisorIds: s.advisorIds })),
      ),
    };
  }

  @Authorized(Role.admin)
  @Mutation(() => Advisor, { description: 'Admins: gives an account an advisor profile' })
  createAdvisor(@Arg('input', () => AdvisorInput) input: AdvisorInput, @Context() ctx: Ctx) {
    // One input type serves create and update, so its fields are all optional here; the rule refuses a missing one
    // with its own message.
    return ctx.services.advisors.create(ctx.user!, given(input) as z.input<typeof createAdvisorSchema>);
  }

  @Authorized(Role.admin)
  @Mutation(() => Advisor, { description: "Admins: changes an advisor's profile, hours or days off (left-out fields stay)" })
  updateAdvisor(@Arg('id', () => ID) id: string, @Arg('input', () => AdvisorInput) input: AdvisorInput, @Context() ctx: Ctx) {
    const { userEmail: _ignored, ...changes } = given(input);
    return ctx.services.advisors.update(ctx.user!, id, changes);
  }
}
