import { Arg, Ctx as Context, ID, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { BusinessService } from './business-service.types.js';

@Resolver(() => BusinessService)
export class BusinessServiceResolver {
  @Query(() => [BusinessService], { description: 'The business services; locale en (default) or ar' })
  businessServices(@Arg('locale', () => String, { nullable: true }) locale: string | null, @Context() ctx: Ctx) {
    return ctx.services.businessServices.list(locale);
  }

  @Query(() => BusinessService, { description: "One business service; NOT_FOUND 'Service not found'" })
  businessService(
    @Arg('id', () => ID) id: string,
    @Arg('locale', () => String, { nullable: true }) locale: string | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.businessServices.get(id, locale);
  }
}
