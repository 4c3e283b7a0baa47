import { Arg, Authorized, Ctx as Context, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import type { z } from 'zod';
import { Role } from '../common/roles.js';
import { given } from '../../graphql/inputs.js';
import type { inquirySchema } from '../../shared/public.rules.js';
import { Inquiry, InquiryStatus } from './inquiry.entity.js';
import { InquiryInput, InquiryStats } from './inquiry.types.js';

@Resolver(() => Inquiry)
export class InquiryResolver {
  @Mutation(() => Inquiry, { description: 'Contact inquiry or legal consultation request; open to visitors and users' })
  submitInquiry(@Arg('input', () => InquiryInput) input: InquiryInput, @Context() ctx: Ctx) {
    // The service type may be left out and the locale is any String here; the rule defaults the one and checks the other.
    return ctx.services.inquiries.submit(given(input) as z.input<typeof inquirySchema>, ctx.user, ctx.ip);
  }

  @Authorized()
  @Query(() => [Inquiry], { description: "The logged-in user's own inquiries and consultation requests, newest first" })
  myInquiries(@Context() ctx: Ctx) {
    return ctx.services.inquiries.mine(ctx.user!);
  }

  @Authorized(Role.admin)
  @Query(() => [Inquiry], { description: 'Admin inbox, newest first' })
  inquiries(
    @Arg('status', () => InquiryStatus, { nullable: true }) status: InquiryStatus | null,
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.inquiries.list({ status: status ?? undefined, search: search ?? undefined });
  }

  @Authorized(Role.admin)
  @Query(() => InquiryStats)
  inquiryStats(@Context() ctx: Ctx) {
    return ctx.services.inquiries.stats();
  }

  @Authorized(Role.admin)
  @Mutation(() => Inquiry)
  updateInquiryStatus(@Arg('id', () => ID) id: string, @Arg('status', () => InquiryStatus) status: InquiryStatus, @Context() ctx: Ctx) {
    return ctx.services.inquiries.updateStatus(id, { status });
  }
}
