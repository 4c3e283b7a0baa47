import { Arg, Authorized, Ctx as Context, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Resource } from '../resources/resource.entity.js';

@ObjectType({ description: "The signed-in user's saved listings still on the marketplace, newest save first" })
class FavoritePage {
  @Field(() => [Resource]) items!: Resource[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
}

/**
 * Favourites. Whether the viewer saved a listing is a query of its own (`myFavoriteIds`), not a field of Resource:
 * the public marketplace list is remembered and shared by every visitor, so it must not read the viewer.
 */
@Resolver()
export class FavoriteResolver {
  @Authorized()
  @Query(() => FavoritePage, { description: 'My saved listings still on the marketplace, newest save first' })
  myFavorites(
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('pageSize', () => Int, { nullable: true }) pageSize: number | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.favorites.list(ctx.user, { page, pageSize });
  }

  @Authorized()
  @Query(() => [ID], { description: 'The ids of my saved listings still on the marketplace (for the hearts)' })
  myFavoriteIds(@Context() ctx: Ctx) {
    return ctx.services.favorites.ids(ctx.user);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Save an active listing to my favourites (idempotent); true' })
  async addFavorite(@Arg('resourceId', () => ID) resourceId: string, @Context() ctx: Ctx) {
    await ctx.services.favorites.add(ctx.user, resourceId);
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Remove a listing from my favourites (idempotent); false' })
  async removeFavorite(@Arg('resourceId', () => ID) resourceId: string, @Context() ctx: Ctx) {
    await ctx.services.favorites.remove(ctx.user, resourceId);
    return false;
  }
}
