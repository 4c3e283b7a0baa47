import { Arg, Authorized, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { MessagePayload } from '../auth/auth.types.js';

@Resolver()
export class AccountResolver {
  @Authorized()
  @Query(() => String, {
    description: 'Everything the platform holds about the logged-in user, as JSON text (the same as GET /api/account/export)',
  })
  async exportMyData(@Context() ctx: Ctx): Promise<string> {
    return JSON.stringify(await ctx.services.accountData.export(ctx.user!));
  }

  @Authorized()
  @Mutation(() => MessagePayload, {
    description: 'Deletes the account (the password is required); refused while there are paid upcoming bookings or for the last admin',
  })
  async deleteAccount(@Arg('password', () => String) password: string, @Context() ctx: Ctx) {
    return { message: await ctx.services.accountDeletion.delete(ctx.user!, { password }) };
  }
}
