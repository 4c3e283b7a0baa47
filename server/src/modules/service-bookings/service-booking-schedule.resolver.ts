import { Arg, Authorized, Ctx as Context, Field, ID, InputType, Mutation, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Role } from '../common/roles.js';
import { ServiceBooking } from './service-booking.entity.js';

@InputType()
export class RescheduleServiceBookingInput {
  @Field(() => String, { description: 'YYYY-MM-DD, not before today (Riyadh)' }) preferredDate!: string;
  @Field(() => String, { nullable: true, description: 'HH:MM (24 h, Riyadh time)' }) preferredTime?: string | null;
}

@InputType()
export class ServiceBookingFromInquiryInput {
  @Field(() => String, { nullable: true, description: "Default: the sender's account phone" }) contactNumber?: string | null;
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD; default: the request's preferred date" }) preferredDate?: string | null;
  @Field(() => String, { nullable: true, description: "HH:MM; default: the request's preferred time" }) preferredTime?: string | null;
}

@Resolver(() => ServiceBooking)
export class ServiceBookingScheduleResolver {
  @Authorized()
  @Mutation(() => ServiceBooking, {
    description: 'The customer cancels their own service booking (until 24 hours before the meeting, unpaid)',
  })
  cancelMyServiceBooking(
    @Arg('id', () => ID) id: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.serviceBookingSchedule.cancel(ctx.user, id, { reason });
  }

  @Authorized()
  @Mutation(() => ServiceBooking, {
    description: 'The customer asks for another date (until 24 hours before the meeting, unpaid); a confirmed one goes back to pending',
  })
  rescheduleServiceBooking(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => RescheduleServiceBookingInput) input: RescheduleServiceBookingInput,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.serviceBookingSchedule.reschedule(ctx.user, id, input);
  }

  @Authorized(Role.admin)
  @Mutation(() => ServiceBooking, {
    description: "Admins: turns a legal consultation request into a pending service booking of its sender's account",
  })
  createServiceBookingFromInquiry(
    @Arg('inquiryId', () => ID) inquiryId: string,
    @Arg('input', () => ServiceBookingFromInquiryInput, { nullable: true }) input: ServiceBookingFromInquiryInput | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.serviceBookingSchedule.fromInquiry(ctx.user!, inquiryId, input ?? undefined);
  }
}
