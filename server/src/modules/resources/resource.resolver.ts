import { Arg, Authorized, Ctx as Context, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Role } from '../users/roles.js';
import { Resource } from './resource.entity.js';
import { DownloadLink, ResourceFilterInput, ResourceInput, ResourcePage, ResourceStatusCounts, toFilter, toServiceInput } from './resource.types.js';
import { BusyRange } from '../bookings/booking.types.js';

@Resolver()
export class ResourceResolver {
  @Query(() => ResourcePage, { description: 'The public marketplace: active listings' })
  resources(@Arg('filter', () => ResourceFilterInput, { nullable: true }) filter: ResourceFilterInput | null, @Context() ctx: Ctx) {
    return ctx.services.resources.listPublic(toFilter(filter));
  }

  @Query(() => Resource, { description: 'One listing (counts a view, once per viewer and hour). Non-active ones only for their owner and admins.' })
  resource(@Arg('id', () => ID) id: string, @Context() ctx: Ctx) {
    return ctx.services.resources.view(ctx.user, id, { countView: !ctx.serverRender, ip: ctx.ip });
  }

  @Query(() => [BusyRange], { description: 'Time ranges already taken by live bookings (no personal data)' })
  resourceBusyRanges(@Arg('resourceId', () => ID) resourceId: string, @Context() ctx: Ctx) {
    return ctx.services.bookings.busyRanges(ctx.user, resourceId);
  }

  @Authorized()
  @Query(() => [Resource], { description: "The logged-in host's own listings, any status" })
  myResources(@Context() ctx: Ctx) {
    return ctx.services.resources.mine(ctx.user);
  }

  @Authorized(Role.admin)
  @Query(() => ResourcePage)
  adminResources(@Arg('filter', () => ResourceFilterInput, { nullable: true }) filter: ResourceFilterInput | null, @Context() ctx: Ctx) {
    return ctx.services.resources.listForAdmin(ctx.user, toFilter(filter));
  }

  @Authorized(Role.admin)
  @Query(() => ResourceStatusCounts)
  resourceStatusCounts(@Context() ctx: Ctx) {
    return ctx.services.resources.statusCounts(ctx.user);
  }

  @Authorized()
  @Mutation(() => Resource, { description: 'Lists a resource (host_seller or admin); it starts pending' })
  createResource(@Arg('input', () => ResourceInput) input: ResourceInput, @Context() ctx: Ctx) {
    return ctx.services.resources.create(ctx.user, toServiceInput(input));
  }

  @Authorized()
  @Mutation(() => Resource, { description: 'Edits an active listing (owner or admin)' })
  updateResource(@Arg('id', () => ID) id: string, @Arg('input', () => ResourceInput) input: ResourceInput, @Context() ctx: Ctx) {
    return ctx.services.resources.update(ctx.user, id, toServiceInput(input));
  }

  @Authorized()
  @Mutation(() => Boolean)
  async deleteResource(@Arg('id', () => ID) id: string, @Context() ctx: Ctx) {
    await ctx.services.resources.remove(ctx.user, id);
    return true;
  }

  @Authorized(Role.admin)
  @Mutation(() => Resource)
  approveResource(@Arg('id', () => ID) id: string, @Context() ctx: Ctx) {
    return ctx.services.resources.approve(ctx.user, id);
  }

  @Authorized(Role.admin)
  @Mutation(() => Resource)
  rejectResource(
    @Arg('id', () => ID) id: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.resources.reject(ctx.user, id, { reason });
  }

  @Mutation(() => DownloadLink, { description: 'A short-lived link to the file of a digital resource (owner, admin, or paid booking)' })
  resourceDownloadLink(@Arg('id', () => ID) id: string, @Context() ctx: Ctx) {
    return ctx.services.resources.downloadLink(ctx.user, id);
  }
}
