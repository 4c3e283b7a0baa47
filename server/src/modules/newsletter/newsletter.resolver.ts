import { Arg, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { NewsletterSubscription } from './newsletter.types.js';

/** The confirmation and unsubscribe links' pages. (subscribeNewsletter lives in AuthResolver, from the foundation.) */
@Resolver()
export class NewsletterResolver {
  @Query(() => NewsletterSubscription, { description: 'Looks up the subscription of an unsubscribe link' })
  newsletterSubscription(@Arg('token', () => String) token: string, @Context() ctx: Ctx) {
    return ctx.services.newsletter.subscription({ token });
  }

  @Mutation(() => NewsletterSubscription, {
    description: 'Confirms the address of a newsletter confirmation link (double opt-in); repeating it is a success',
  })
  confirmNewsletter(@Arg('token', () => String) token: string, @Context() ctx: Ctx) {
    return ctx.services.newsletter.confirm({ token });
  }

  @Mutation(() => NewsletterSubscription, { description: 'Unsubscribes the address of an unsubscribe link; repeating it is a success' })
  unsubscribeNewsletter(@Arg('token', () => String) token: string, @Context() ctx: Ctx) {
    return ctx.services.newsletter.unsubscribe({ token });
  }
}
