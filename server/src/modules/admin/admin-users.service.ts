import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { parse } from '../common/validate.js';
import { badInput, conflict, forbidden, notFound } from '../common/errors.js';
import { ADMIN_MESSAGES, adminUserUpdateSchema, userSearchSchema } from '../../shared/admin.rules.js';
import { User } from '../users/user.entity.js';
import { Role, UserStatus, canListResources, normalizeRole, requireAdmin } from '../common/roles.js';
import { ResourceService } from '../resources/resource.service.js';
import { USER_TOPICS, type UserChangedEvent } from '../users/user.events.js';
import { AuditService } from '../audit/audit.service.js';
import { isUuid } from '../../shared/ids.js';
import { escapeLike } from '../../shared/escape.js';

export interface UserCounts {
  total: number;
  /** host_seller plus admin (spec: "hosts/sellers"). */
  hostsSellers: number;
  active: number;
  suspended: number;
}

export interface UserList {
  items: User[];
  /** Users matching the search (before limit/offset). */
  total: number;
  counts: UserCounts;
}

/** Admin › Users: list and search every account, change role and status under the platform's rules. */
export class AdminUsersService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /** Newest first. `search` matches name, email or company (case-insensitive, anywhere in the text). */
  async list(actor: User, raw: unknown): Promise<UserList> {
    requireAdmin(actor);
    const { search, limit, offset } = parse(userSearchSchema, raw);
    const qb = this.em.createQueryBuilder(User, 'u').select('*');
    if (search) {
      // Same expression as users_search_trgm_index, so the trigram index serves it.
      qb.where(`lower(u.full_name || ' ' || u.email::text || ' ' || coalesce(u.company_name, '')) like ?`, [
        `%${escapeLike(search.toLowerCase())}%`,
      ]);
    }
    qb.orderBy({ createdAt: 'desc', id: 'desc' }).limit(limit).offset(offset);
    const [items, total] = await qb.getResultAndCount();
    return { items, total, counts: await this.counts() };
  }

  /** Counters over all accounts (not only the search result). */
  async counts(): Promise<UserCounts> {
    const [row] = await this.em.getConnection().execute<Array<Record<string, number>>>(
      `select count(*)::int as total,
              count(*) filter (where role in ('host_seller', 'admin'))::int as hosts_sellers,
              count(*) filter (where status = 'active')::int as active,
              count(*) filter (where status = 'suspended')::int as suspended
         from users`,
    );
    return { total: row.total, hostsSellers: row.hosts_sellers, active: row.active, suspended: row.suspended };
  }

  /**
   * Changes a user's role and/or status. Legacy role names (ADMIN, SUPER_ADMIN, CREATOR) are accepted.
   * Refused: an admin removing their own admin role or suspending/deactivating themselves (400), and any
   * change that would leave no active admin (409). The active admins are locked for the duration, so two
   * admins demoting each other at the same moment cannot both succeed. The change and its audit row are
   * written in one transaction; the user's own client hears about it live (meUpdated), and a user who is
   * no longer active is refused on their very next request (the context reloads the user every time).
   */
  async update(actor: User, id: string, raw: unknown): Promise<User> {
    requireAdmin(actor);
    const body = (raw ?? {}) as Record<string, unknown>;
    const normalized = {
      role: body.role === undefined || body.role === null ? undefined : (normalizeRole(String(body.role)) ?? String(body.role)),
      status: body.status === undefined || body.status === null ? undefined : String(body.status).toLowerCase(),
    };
    const input = parse(adminUserUpdateSchema, normalized);
    if (!isUuid(id)) throw notFound(ADMIN_MESSAGES.userNotFound);

    let changed = false;
    let listings: Array<{ id: string; status: string }> = [];
    const user = await this.em.transactional(async (tx) => {
      // Lock every active admin row (in id order, so concurrent calls queue instead of deadlocking).
      const admins = await tx.execute<Array<{ id: string }>>(
        `select id from users where role = 'admin' and status = 'active' order by id for update`,
      );
      const target = await tx.findOne(User, { id });
      if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);

      const before = { role: target.role, status: target.status };
      const after = { role: (input.role as Role) ?? target.role, status: (input.status as UserStatus) ?? target.status };
      if (before.role === after.role && before.status === after.status) return target;

      if (target.id === actor.id) {
        if (after.role !== Role.admin) throw badInput(ADMIN_MESSAGES.selfDemote, { field: 'role' });
        if (after.status !== UserStatus.active) throw badInput(ADMIN_MESSAGES.selfDeactivate, { field: 'status' });
      }
      const wasActiveAdmin = before.role === Role.admin && before.status === UserStatus.active;
      const staysActiveAdmin = after.role === Role.admin && after.status === UserStatus.active;
      if (wasActiveAdmin && !staysActiveAdmin && !admins.some((a) => a.id !== target.id)) throw conflict(ADMIN_MESSAGES.lastAdmin);
      // The caller may have lost admin rights between authentication and now (another admin's change).
      if (!admins.some((a) => a.id === actor.id)) throw forbidden();

      target.role = after.role;
      target.status = after.status;
      // A host demoted to regular leaves the marketplace with the role change (and returns with a promotion).
      if (canListResources(before.role) !== canListResources(after.role))
        listings = await new ResourceService(tx as EntityManager, this.deps).followOwnerRole(target.id, canListResources(after.role));
      new AuditService(tx, this.deps).record(actor, 'user.update', 'user', target.id, before, after, target.email);
      changed = true;
      return target;
    });
    if (changed) this.deps.bus.publish(USER_TOPICS.userChanged, { userId: user.id } satisfies UserChangedEvent);
    new ResourceService(this.em, this.deps).announceOwnerListings(user.id, listings);
    return user;
  }
}
