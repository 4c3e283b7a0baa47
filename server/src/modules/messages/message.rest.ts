import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { fromRest } from '../../rest/case.js';
import type { Message } from './message.entity.js';
import type { ConversationView } from './message.types.js';

/** REST shapes (snake_case). */
const messageDto = (m: Message) => ({
  id: m.id,
  conversation_id: m.conversationId,
  sender_id: m.senderId,
  body: m.body,
  booking_id: m.bookingId,
  created_at: m.createdAt.toISOString(),
});

const conversationDto = (c: ConversationView) => ({
  id: c.id,
  resource: { id: c.resourceId, title: c.resourceTitle },
  my_role: c.myRole,
  other_user: { id: c.otherUserId, full_name: c.otherUserName, deleted: c.otherUserDeleted },
  booking_id: c.bookingId,
  unread_count: c.unreadCount,
  last_message: c.lastMessage ? messageDto(c.lastMessage) : null,
  last_message_at: c.lastMessageAt.toISOString(),
  created_at: c.createdAt.toISOString(),
});

/** /api/conversations…: customer–host messages (issue #23). Signed-in users only; see MessageService for who sees what. */
export function messageRoutes(): Router {
  const r = Router();
  r.post(
    '/conversations',
    route(async (req, res) => {
      const out = await req.ctx.services.messages.start(requireUser(req), fromRest(req.body));
      res.status(out.created ? 201 : 200);
      return { conversation: conversationDto(out.conversation), message: messageDto(out.message) };
    }),
  );
  r.get(
    '/conversations',
    route(async (req) => {
      const page = await req.ctx.services.messages.list(requireUser(req), req.query);
      return { items: page.items.map(conversationDto), total: page.total, limit: page.limit, offset: page.offset };
    }),
  );
  r.get(
    '/conversations/unread-count',
    route(async (req) => ({ unread_count: await req.ctx.services.messages.unreadCount(requireUser(req)) })),
  );
  r.get(
    '/conversations/:id',
    route(async (req) => conversationDto(await req.ctx.services.messages.get(requireUser(req), String(req.params.id)))),
  );
  r.get(
    '/conversations/:id/messages',
    route(async (req) => {
      const page = await req.ctx.services.messages.messages(requireUser(req), String(req.params.id), req.query);
      return { items: page.items.map(messageDto), total: page.total, limit: page.limit, offset: page.offset };
    }),
  );
  r.post(
    '/conversations/:id/messages',
    route(async (req, res) => {
      const message = await req.ctx.services.messages.send(requireUser(req), String(req.params.id), req.body);
      res.status(201);
      return messageDto(message);
    }),
  );
  r.post(
    '/conversations/:id/read',
    route(async (req) => conversationDto(await req.ctx.services.messages.markRead(requireUser(req), String(req.params.id)))),
  );
  return r;
}
