import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { fromRest } from '../../rest/case.js';
import type { NotificationView } from './notification.service.js';

const notificationDto = (n: NotificationView) => ({
  id: n.id,
  kind: n.kind,
  params: n.params,
  link: n.link,
  read: !!n.readAt,
  read_at: n.readAt?.toISOString() ?? null,
  created_at: n.createdAt.toISOString(),
});

/**
 * `GET /api/notifications` (a page, newest first, with `unread_count`), `POST /api/notifications/read` (`{ ids }` or
 * `{ all: true }`; answers `{ updated, unread_count }`), `GET|PUT /api/notifications/preferences` (`{ email: { kind:
 * boolean } }`).
 */
export function notificationRoutes(): Router {
  const r = Router();
  r.get(
    '/notifications',
    route(async (req) => {
      const p = await req.ctx.services.notifications.list(requireUser(req), fromRest(req.query));
      return { items: p.items.map(notificationDto), total: p.total, page: p.page, page_size: p.pageSize, unread_count: p.unreadCount };
    }),
  );
  r.post(
    '/notifications/read',
    route(async (req) => {
      const out = await req.ctx.services.notifications.markRead(requireUser(req), req.body);
      return { updated: out.updated, unread_count: out.unreadCount };
    }),
  );
  r.get(
    '/notifications/preferences',
    route(async (req) => ({
      email: Object.fromEntries((await req.ctx.services.notifications.preferences(requireUser(req))).map((p) => [p.kind, p.email])),
    })),
  );
  r.put(
    '/notifications/preferences',
    route(async (req) => ({
      email: Object.fromEntries(
        (await req.ctx.services.notifications.setPreferences(requireUser(req), req.body)).map((p) => [p.kind, p.email]),
      ),
    })),
  );
  return r;
}
