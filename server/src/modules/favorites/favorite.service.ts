import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { conflict, notFound, unauthenticated } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { FAVORITE_LIMITS, FAVORITE_MESSAGES as M, favoritePageSchema } from '../../shared/favorites.rules.js';
import type { User } from '../users/user.entity.js';
import { Resource } from '../resources/resource.entity.js';
import { isUuid } from '../../shared/ids.js';

export interface FavoritePage {
  items: Resource[];
  total: number;
  page: number;
  pageSize: number;
}

/** Only listings on the marketplace: active and not deleted (the same rule as the public list). */
const ON_MARKET = `r.status = 'active' and r.deleted_at is null`;

/**
 * A signed-in user's favourite listings (issue #23; rules in docs/decisions.md, "Favourites"): only active listings
 * can be saved (404 otherwise, as for a visitor asking for it); saving and removing are idempotent; a saved listing
 * that leaves the marketplace is not listed (the row stays, and shows again if the listing comes back).
 */
export class FavoriteService {
  constructor(
    private em: EntityManager,
    _deps: Deps, // the services' shared constructor shape
  ) {}

  private q<T extends object>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }

  /** Saves a listing; saving it again changes nothing (its place in the list stays that of the first save). */
  async add(user: User | null, resourceId: string): Promise<void> {
    if (!user) throw unauthenticated();
    if (!isUuid(resourceId)) throw notFound(M.resourceNotFound);
    const [r] = await this.q<{ id: string }>(`select r.id from resources r where r.id = ? and ${ON_MARKET}`, [resourceId]);
    if (!r) throw notFound(M.resourceNotFound);
    const [{ n }] = await this.q<{ n: number }>(`select count(*)::int as n from favorites where user_id = ?`, [user.id]);
    if (n >= FAVORITE_LIMITS.perUserMax) {
      const [had] = await this.q(`select 1 from favorites where user_id = ? and resource_id = ?`, [user.id, resourceId]);
      if (!had) throw conflict(M.tooManyFavorites);
    }
    await this.q(
      `insert into favorites (id, user_id, resource_id, created_at) values (gen_random_uuid(), ?, ?, now())
       on conflict (user_id, resource_id) do nothing`,
      [user.id, resourceId],
    );
  }

  /** Removes a listing from the caller's favourites; removing one that is not there changes nothing. */
  async remove(user: User | null, resourceId: string): Promise<void> {
    if (!user) throw unauthenticated();
    if (!isUuid(resourceId)) throw notFound(M.resourceNotFound);
    await this.q(`delete from favorites where user_id = ? and resource_id = ?`, [user.id, resourceId]);
  }

  /** The caller's saved listings still on the marketplace, newest save first, a page at a time. */
  async list(user: User | null, raw: unknown): Promise<FavoritePage> {
    if (!user) throw unauthenticated();
    const { page, pageSize } = parse(favoritePageSchema, raw);
    const rows = await this.q<{ id: string }>(
      `select r.id from favorites f join resources r on r.id = f.resource_id
        where f.user_id = ? and ${ON_MARKET} order by f.created_at desc, f.id desc limit ? offset ?`,
      [user.id, pageSize, (page - 1) * pageSize],
    );
    const [{ n }] = await this.q<{ n: number }>(
      `select count(*)::int as n from favorites f join resources r on r.id = f.resource_id where f.user_id = ? and ${ON_MARKET}`,
      [user.id],
    );
    const found = rows.length ? await this.em.find(Resource, { id: rows.map((x) => x.id) }, { populate: ['owner'] }) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    const items = rows.map((x) => byId.get(x.id)).filter((r): r is Resource => !!r);
    return { items, total: n, page, pageSize };
  }

  /** The ids of the caller's saved listings still on the marketplace (what the hearts on the cards read). */
  async ids(user: User | null): Promise<string[]> {
    if (!user) throw unauthenticated();
    const rows = await this.q<{ id: string }>(
      `select r.id from favorites f join resources r on r.id = f.resource_id
        where f.user_id = ? and ${ON_MARKET} order by f.created_at desc, f.id desc limit ?`,
      [user.id, FAVORITE_LIMITS.perUserMax],
    );
    return rows.map((x) => x.id);
  }
}
