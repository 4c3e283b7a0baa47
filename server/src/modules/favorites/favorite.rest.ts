import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { fromRest } from '../../rest/case.js';
import { resourceDto } from '../resources/resource.dto.js';

/**
 * `PUT|DELETE /api/favorites/{resource_id}` answer 200 with `{ resource_id, favorited }` (idempotent: a repeat answers
 * the same); `GET /api/favorites` is a page of listing cards, newest save first.
 */
export function favoriteRoutes(): Router {
  const r = Router();
  r.get(
    '/favorites',
    route(async (req) => {
      const p = await req.ctx.services.favorites.list(requireUser(req), fromRest(req.query));
      return { items: p.items.map((x) => resourceDto(x)), total: p.total, page: p.page, page_size: p.pageSize };
    }),
  );
  r.put(
    '/favorites/:resourceId',
    route(async (req) => {
      const id = String(req.params.resourceId);
      await req.ctx.services.favorites.add(requireUser(req), id);
      return { resource_id: id, favorited: true };
    }),
  );
  r.delete(
    '/favorites/:resourceId',
    route(async (req) => {
      const id = String(req.params.resourceId);
      await req.ctx.services.favorites.remove(requireUser(req), id);
      return { resource_id: id, favorited: false };
    }),
  );
  return r;
}
