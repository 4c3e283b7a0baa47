import { Arg, Authorized, Ctx as Context, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Role } from '../common/roles.js';
import { User } from '../users/user.entity.js';
import { AdminStats, AdminUserList, AdminUserUpdateInput, AuditLogPage } from './admin.types.js';

@Resolver()
export class AdminResolver {
  @Authorized(Role.admin)
  @Query(() => AdminUserList, { description: 'Admin › Users: newest first; search matches name, email or company' })
  adminUsers(
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.adminUsers.list(ctx.user!, { search, limit, offset });
  }

  @Authorized(Role.admin)
  @Mutation(() => User, { description: "Changes a user's role and/or status" })
  adminUpdateUser(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => AdminUserUpdateInput) input: AdminUserUpdateInput,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.adminUsers.update(ctx.user!, id, { role: input.role ?? undefined, status: input.status ?? undefined });
  }

  @Authorized(Role.admin)
  @Query(() => AuditLogPage, { description: 'Admin changes, newest first' })
  auditLog(
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Arg('entityType', () => String, { nullable: true }) entityType: string | null,
    @Context() ctx: Ctx,
  ) {
    return ctx.services.audit.list({ limit, offset, entity_type: entityType });
  }

  @Authorized(Role.admin)
  @Query(() => AdminStats)
  async adminStats(@Context() ctx: Ctx): Promise<AdminStats> {
    return ctx.services.adminStats.get(ctx.user!);
  }
}
