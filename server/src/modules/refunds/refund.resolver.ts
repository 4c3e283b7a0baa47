import { Arg, Authorized, Ctx as Context, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { CancellationQuote, CreditNote, toCreditNote } from './refund.types.js';

@Resolver()
export class RefundResolver {
  @Authorized()
  @Query(() => CancellationQuote, {
    description: "What cancelling the booking now would refund (its customer by the booking's policy; its host or an admin in full)",
  })
  async cancellationQuote(@Arg('bookingId', () => String) bookingId: string, @Context() ctx: Ctx): Promise<CancellationQuote> {
    return ctx.services.refunds.quote(ctx.user, bookingId);
  }

  @Authorized()
  @Query(() => [CreditNote], { description: "The credit notes of a booking's refunds, as issued (its customer or an admin)" })
  async bookingCreditNotes(@Arg('bookingId', () => String) bookingId: string, @Context() ctx: Ctx): Promise<CreditNote[]> {
    return (await ctx.services.refunds.creditNotes(ctx.user, bookingId)).map(toCreditNote);
  }
}
