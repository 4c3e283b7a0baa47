import { Arg, Authorized, Ctx as Context, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { z } from 'zod';
import type { Ctx } from '../../graphql/context.js';
import { isAdmin, Role } from '../common/roles.js';
import { Resource } from './resource.entity.js';
import {
  DownloadLink,
  ResourceChanges,
  ResourceFilterInput,
  ResourceInput,
  ResourcePage,
  ResourceStatusCounts,
  toChanges,
} from './resource.types.js';
import { given } from '../../graphql/inputs.js';
import type { adminListSchema, createResourceSchema } from '../../shared/marketplace.rules.js';

/**
 * The GraphQL input as the rules' input. Its enums (category, period, policy, …) are strings in the schema; the
 * service's rule refuses any other value with its own message.
 */
const resourceInput = (input: ResourceInput) => given(input) as z.input<typeof createResourceSchema>;
const filterOf = (filter: ResourceFilterInput | null) => given(filter ?? {}) as z.input<typeof adminListSchema>;

@Resolver()
export class ResourceResolver {
  @Query(() => ResourcePage, { description: 'The public marketplace: active listings' })
  resources(@Arg('filter', () => ResourceFilterInput, { nullable: true }) filter: ResourceFilterInput | null, @Context() ctx: Ctx) {
    return ctx.services.resources.listPublic(filterOf(filter));
  }

  @Query(() => Resource, {
    description: 'One listing (counts a view, once per viewer and hour). Non-active ones only for their owner and admins.',
  })
  resource(@Arg('id', () => ID) id: string, @Context() ctx: Ctx) {
    return ctx.services.resources.view(ctx.user, id, { countView: !ctx.serverRender, ip: ctx.ip });
  }

  @Authorized()
  @Query(() => [Resource], { description: "The logged-in host's own listings, any status" })
  myResources(@Context() ctx: Ctx) {
    return ctx.services.resources.mine(ctx.user);
  }

  @Authorized(Role.admin)
  @Query(() => ResourcePage)
  adminResources(@Arg('filter', () => ResourceFilterInput, { nullable: true }) filter: ResourceFilterInput | null, @Context() ctx: Ctx) {
    return ctx.services.resources.listForAdmin(ctx.user, filterOf(filter));
  }

  @Authorized(Role.admin)
  @Query(() => ResourceStatusCounts)
  resourceStatusCounts(@Context() ctx: Ctx) {
    return ctx.services.resources.statusCounts(ctx.user);
  }

  @Authorized()
  @Mutation(() => Resource, { description: 'Lists a resource (host_seller or admin); it starts pending' })
  createResource(@Arg('input', () => ResourceInput) input: ResourceInput, @Context() ctx: Ctx) {
    return ctx.services.resources.create(ctx.user, resourceInput(input));
  }

  @Authorized()
  @Mutation(() => Resource, { description: 'Edits an active listing (owner or admin)' })
  updateResource(@Arg('id', () => ID) id: string, @Arg('input', () => ResourceInput) input: ResourceInput, @Context() ctx: Ctx) {
    return ctx.services.resources.update(ctx.user, id, resourceInput(input));
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

  @Authorized(Role.admin)
  @Query(() => [Resource], { description: "Admins: active listings whose host's edit awaits review, oldest first" })
  adminResourceChanges(@Context() ctx: Ctx) {
    return ctx.services.resources.pendingChangesQueue(ctx.user);
  }

  @Authorized(Role.admin)
  @Mutation(() => Resource, { description: "Applies a host's pending edit of an active listing" })
  approveResourceChanges(@Arg('id', () => ID) id: string, @Context() ctx: Ctx) {
    return ctx.services.resources.approveChanges(ctx.user, id);
  }

  @Authorized(Role.admin)
  @Mutation(() => Resource, { description: "Drops a host's pending edit; the approved version stays live and the host sees the reason" })
  rejectResourceChanges(
    @Arg('id', () => ID) id: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.resources.rejectChanges(ctx.user, id, { reason });
  }

  @Mutation(() => DownloadLink, { description: 'A short-lived link to the file of a digital resource (owner, admin, or paid booking)' })
  resourceDownloadLink(@Arg('id', () => ID) id: string, @Context() ctx: Ctx) {
    return ctx.services.resources.downloadLink(ctx.user, id);
  }
}

/** A listing's pending revision: its owner and admins only; for anyone else (and every visitor) null. */
const mayReview = (ctx: Ctx, r: Resource) => !!ctx.user && (isAdmin(ctx.user.role) || ctx.user.id === r.owner.id);

@Resolver(() => Resource)
export class ResourceReviewResolver {
  @FieldResolver(() => ResourceChanges, {
    nullable: true,
    description: "The host's edit awaiting review (owner and admins; null for anyone else)",
  })
  pendingChanges(@Root() r: Resource, @Context() ctx: Ctx): ResourceChanges | null {
    return r.pendingChanges && mayReview(ctx, r) ? toChanges(r.pendingChanges, r.changesSubmittedAt) : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "Why an admin refused the host's last edit (owner and admins; null for anyone else)",
  })
  changesRejectionReason(@Root() r: Resource, @Context() ctx: Ctx): string | null {
    return mayReview(ctx, r) ? r.changesRejectionReason : null;
  }
}
