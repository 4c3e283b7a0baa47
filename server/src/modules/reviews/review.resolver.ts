import { Arg, Authorized, Ctx as Context, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Role } from '../common/roles.js';
import { Review } from './review.entity.js';
import { CustomerRatingInput, CustomerRatingSummary, ReviewInput, ReviewPage } from './review.types.js';

@Resolver()
export class ReviewResolver {
  @Query(() => ReviewPage, { description: "A listing's visible reviews, newest first" })
  resourceReviews(
    @Arg('resourceId', () => ID) resourceId: string,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('pageSize', () => Int, { nullable: true }) pageSize: number | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.reviews.forResource(ctx.user, resourceId, { page, pageSize });
  }

  @Authorized()
  @Mutation(() => Review, { description: "The booking's customer reviews it once it is completed (a digital purchase once paid), once" })
  createReview(@Arg('bookingId', () => ID) bookingId: string, @Arg('input', () => ReviewInput) input: ReviewInput, @Context() ctx: Ctx) {
    return ctx.services.reviews.create(ctx.user, bookingId, input);
  }

  @Authorized()
  @Mutation(() => Review, { description: "The listing's host answers a review, once" })
  replyToReview(@Arg('reviewId', () => ID) reviewId: string, @Arg('text', () => String) text: string, @Context() ctx: Ctx) {
    return ctx.services.reviews.reply(ctx.user, reviewId, { text });
  }

  @Authorized(Role.admin)
  @Query(() => ReviewPage, { description: 'Admins: every review, hidden ones too, newest first' })
  adminReviews(
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('pageSize', () => Int, { nullable: true }) pageSize: number | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.reviews.forAdmin(ctx.user, { page, pageSize });
  }

  @Authorized(Role.admin)
  @Mutation(() => Review, { description: "Admins: hide a review with a reason (audit logged); it leaves the listing's rating" })
  hideReview(@Arg('reviewId', () => ID) reviewId: string, @Arg('reason', () => String) reason: string, @Context() ctx: Ctx) {
    return ctx.services.reviews.hide(ctx.user, reviewId, { reason });
  }

  @Authorized()
  @Mutation(() => CustomerRatingSummary, {
    description: "The listing's host rates the booking's customer privately, once, after completion",
  })
  rateCustomer(
    @Arg('bookingId', () => ID) bookingId: string,
    @Arg('input', () => CustomerRatingInput) input: CustomerRatingInput,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.reviews.rateCustomer(ctx.user, bookingId, input);
  }

  @Authorized()
  @Query(() => CustomerRatingSummary, {
    description: "Hosts: a booking's customer as other hosts rated them (the listing's owner and admins)",
  })
  customerRating(@Arg('bookingId', () => ID) bookingId: string, @Context() ctx: Ctx) {
    return ctx.services.reviews.customerSummary(ctx.user, bookingId);
  }
}
