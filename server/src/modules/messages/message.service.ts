import type { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Deps } from '../../deps.js';
import { badInput, conflict, forbidden, notFound } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { consume, createLimiter } from '../common/rate-limits.js';
import { isAdmin } from '../common/roles.js';
import { AuditService } from '../audit/audit.service.js';
import { User } from '../users/user.entity.js';
import { Resource } from '../resources/resource.entity.js';
import { Booking } from '../bookings/booking.entity.js';
import {
  MESSAGE_LIMITS,
  MESSAGE_MESSAGES as M,
  messagePageSchema,
  sendMessageSchema,
  startConversationSchema,
} from '../../shared/messages.rules.js';
import { Conversation } from './conversation.entity.js';
import { Message } from './message.entity.js';
import { MESSAGE_TOPICS, type MessageAddedEvent } from './message.events.js';
import type { ConversationView } from './message.types.js';
import { isUuid } from '../../shared/ids.js';

type Row = Record<string, unknown>;

/**
 * Per account, in Redis when REDIS_URL is set (every instance counts together), else in memory; one set per app.
 * Sending: MESSAGE_LIMITS.sendsPerMinute a minute (a person typing never reaches it, a script does). Starting a
 * conversation: MESSAGE_LIMITS.startsPerHour an hour (each one lands in a stranger's inbox and may mail them).
 */
const limiters = new WeakMap<Deps, { sends: RateLimiterAbstract; starts: RateLimiterAbstract }>();
function limitsOf(deps: Deps) {
  let l = limiters.get(deps);
  if (!l) {
    l = {
      sends: createLimiter(deps.redis, 'message_send', MESSAGE_LIMITS.sendsPerMinute, 60),
      starts: createLimiter(deps.redis, 'conversation_start', MESSAGE_LIMITS.startsPerHour, 3600),
    };
    limiters.set(deps, l);
  }
  return l;
}

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/** One conversation as `me` sees it; `?` parameters: me ×4, then the where clause's. */
const VIEW_SQL = `
select c.id, c.resource_id, r.title as resource_title, c.booking_id, c.last_message_at, c.created_at,
       case when c.customer_id = ? then 'customer' else 'host' end as my_role,
       o.id as other_id, o.full_name as other_name, (o.deleted_at is not null) as other_deleted,
       (select count(*)::int from messages m
         where m.conversation_id = c.id and m.sender_id <> ?
           and m.created_at > coalesce(case when c.customer_id = ? then c.customer_last_read_at else c.host_last_read_at end, '-infinity'::timestamptz)
       ) as unread_count,
       lm.id as lm_id, lm.body as lm_body, lm.sender_id as lm_sender_id, lm.booking_id as lm_booking_id, lm.created_at as lm_created_at
  from conversations c
  join resources r on r.id = c.resource_id
  join users o on o.id = case when c.customer_id = ? then c.host_id else c.customer_id end
  left join lateral (select m.id, m.body, m.sender_id, m.booking_id, m.created_at from messages m
                      where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) lm on true`;

export class MessageService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private rows(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params);
  }

  private toView(r: Row): ConversationView {
    let lastMessage: Message | null = null;
    if (r.lm_id) {
      lastMessage = Object.assign(new Message(), {
        id: String(r.lm_id),
        body: String(r.lm_body),
        createdAt: new Date(r.lm_created_at as string),
        conversation: this.em.getReference(Conversation, String(r.id)),
        sender: this.em.getReference(User, String(r.lm_sender_id)),
        booking: r.lm_booking_id ? this.em.getReference(Booking, String(r.lm_booking_id)) : null,
      });
    }
    return {
      id: String(r.id),
      resourceId: String(r.resource_id),
      resourceTitle: String(r.resource_title),
      myRole: r.my_role === 'customer' ? 'customer' : 'host',
      otherUserId: String(r.other_id),
      otherUserName: String(r.other_name),
      otherUserDeleted: r.other_deleted === true,
      bookingId: r.booking_id ? String(r.booking_id) : null,
      unreadCount: Number(r.unread_count),
      lastMessage,
      lastMessageAt: new Date(r.last_message_at as string),
      createdAt: new Date(r.created_at as string),
    };
  }

  private async view(me: User, id: string): Promise<ConversationView> {
    const [row] = await this.rows(`${VIEW_SQL} where c.id = ? and (c.customer_id = ? or c.host_id = ?)`, [
      me.id,
      me.id,
      me.id,
      me.id,
      id,
      me.id,
      me.id,
    ]);
    if (!row) throw notFound(M.conversationNotFound);
    return this.toView(row);
  }

  /** The caller's conversations, most recent activity first, with unread counts and the last message. */
  async list(me: User, raw: unknown): Promise<Page<ConversationView>> {
    const { limit, offset } = parse(messagePageSchema, raw);
    const rows = await this.rows(
      `${VIEW_SQL} where c.customer_id = ? or c.host_id = ? order by c.last_message_at desc, c.id desc limit ? offset ?`,
      [me.id, me.id, me.id, me.id, me.id, me.id, limit, offset],
    );
    const [{ n }] = await this.rows(`select count(*)::int as n from conversations where customer_id = ? or host_id = ?`, [me.id, me.id]);
    return { items: rows.map((r) => this.toView(r)), total: Number(n), limit, offset };
  }

  /** One of the caller's conversations (404 for anyone else's, so their existence does not leak). */
  async get(me: User, id: string): Promise<ConversationView> {
    if (!isUuid(id)) throw notFound(M.conversationNotFound);
    return this.view(me, id);
  }

  /** The caller's conversation (as customer) about a listing, or null: what "Ask the host" opens. */
  async forResource(me: User, resourceId: string): Promise<ConversationView | null> {
    if (!isUuid(resourceId)) throw notFound(M.resourceNotFound);
    const [row] = await this.rows(`${VIEW_SQL} where c.resource_id = ? and c.customer_id = ?`, [
      me.id,
      me.id,
      me.id,
      me.id,
      resourceId,
      me.id,
    ]);
    return row ? this.toView(row) : null;
  }

  /** Messages from the other side in all the caller's conversations that the caller has not read. */
  async unreadCount(me: User): Promise<number> {
    const [{ n }] = await this.rows(
      `select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id
        where m.sender_id <> ?
          and ((c.customer_id = ? and m.created_at > coalesce(c.customer_last_read_at, '-infinity'::timestamptz))
            or (c.host_id = ? and m.created_at > coalesce(c.host_last_read_at, '-infinity'::timestamptz)))`,
      [me.id, me.id, me.id],
    );
    return Number(n);
  }

  /**
   * A participant's conversation; an admin who is not one may read (moderation) but not write: `forWriting` makes
   * that a 403. Anyone else: 404.
   */
  private async access(me: User, id: string, forWriting: boolean): Promise<{ c: Conversation; participant: boolean }> {
    const c = isUuid(id) ? await this.em.findOne(Conversation, { id }) : null;
    if (!c) throw notFound(M.conversationNotFound);
    const participant = c.customer.id === me.id || c.host.id === me.id;
    if (participant) return { c, participant };
    if (!isAdmin(me.role)) throw notFound(M.conversationNotFound);
    if (forWriting) throw forbidden(M.adminReadOnly);
    return { c, participant };
  }

  /**
   * A page of a conversation's messages, newest first. Reading does not mark them read (that is `markRead`, an
   * explicit POST, so a GET changes nothing). An admin who is not a participant reads for moderation: audited.
   */
  async messages(me: User, id: string, raw: unknown): Promise<Page<Message>> {
    const { limit, offset } = parse(messagePageSchema, raw);
    const { c, participant } = await this.access(me, id, false);
    const [items, total] = await this.em.findAndCount(
      Message,
      { conversation: c.id },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset },
    );
    if (!participant) {
      new AuditService(this.em, this.deps).record(me, 'conversation.moderation_read', 'conversation', c.id, null, {
        resource_id: c.resource.id,
        customer_id: c.customer.id,
        host_id: c.host.id,
        offset,
        limit,
      });
      await this.em.flush();
    }
    return { items, total, limit, offset };
  }

  /** Marks everything in the conversation read for the caller's side (up to its latest message). */
  async markRead(me: User, id: string): Promise<ConversationView> {
    const { c, participant } = await this.access(me, id, true);
    if (!participant) throw forbidden(M.adminReadOnly);
    await this.markReadUpTo(c, me, null);
    await this.em.flush();
    return this.view(me, c.id);
  }

  private async markReadUpTo(c: Conversation, me: User, upTo: Date | null) {
    let until = upTo;
    if (!until) {
      const [row] = await this.rows(`select max(created_at) as at from messages where conversation_id = ?`, [c.id]);
      until = row?.at ? new Date(row.at as string) : null;
    }
    if (!until) return;
    if (c.customer.id === me.id) {
      if (!c.customerLastReadAt || c.customerLastReadAt < until) c.customerLastReadAt = until;
    } else if (!c.hostLastReadAt || c.hostLastReadAt < until) c.hostLastReadAt = until;
  }

  /** A participant writes in their conversation. */
  async send(me: User, id: string, raw: unknown): Promise<Message> {
    const { body } = parse(sendMessageSchema, raw);
    const { c } = await this.access(me, id, true);
    return this.append(me, c, body, null);
  }

  /**
   * "Ask the host": starts the caller's conversation about a listing, or continues it when there is one. The
   * listing must be visible to them (active, or one they already talk about); a host cannot write to themselves.
   */
  async start(
    me: User,
    raw: z.input<typeof startConversationSchema>,
  ): Promise<{ conversation: ConversationView; message: Message; created: boolean }> {
    const input = parse(startConversationSchema, raw);
    const resource = await this.em.findOne(Resource, { id: input.resourceId, deletedAt: null }, { populate: ['owner'] });
    if (!resource) throw notFound(M.resourceNotFound);
    let c = await this.em.findOne(Conversation, { resource: resource.id, customer: me.id });
    if (!c && resource.status !== 'active') throw notFound(M.resourceNotFound);
    if (resource.owner.id === me.id) throw badInput(M.ownListing);
    let booking: Booking | null = null;
    if (input.bookingId) {
      booking = await this.em.findOne(Booking, { id: input.bookingId, user: me.id, resource: resource.id });
      if (!booking) throw notFound(M.bookingNotFound);
    }
    if (c) {
      const message = await this.append(me, c, input.body, booking);
      return { conversation: await this.view(me, c.id), message, created: false };
    }
    if (await this.isGone(resource.owner.id)) throw conflict(M.recipientGone);
    await consume(limitsOf(this.deps).starts, me.id, M.tooManyConversations);
    const fresh = this.em.create(Conversation, {
      resource: resource.id,
      customer: me.id,
      host: resource.owner.id,
      booking: booking?.id ?? null,
    });
    let message: Message;
    let created = true;
    try {
      // The conversation and its first message are written together (one flush), or neither is.
      message = await this.append(me, fresh, input.body, booking);
    } catch (err) {
      if (!(err instanceof UniqueConstraintViolationException)) throw err;
      // Two first messages at once: the other request created it; continue that one.
      this.em.clear();
      c = await this.em.findOneOrFail(Conversation, { resource: resource.id, customer: me.id });
      message = await this.append(me, c, input.body, booking);
      created = false;
    }
    return { conversation: await this.view(me, message.conversationId), message, created };
  }

  /** The account was deleted at its owner's request (the row stays, anonymised). */
  private async isGone(userId: string): Promise<boolean> {
    const [row] = await this.rows(`select deleted_at from users where id = ?`, [userId]);
    return !row || row.deleted_at !== null;
  }

  private async append(me: User, c: Conversation, body: string, booking: Booking | null): Promise<Message> {
    const recipientId = c.customer.id === me.id ? c.host.id : c.customer.id;
    if (await this.isGone(recipientId)) throw conflict(M.recipientGone);
    await consume(limitsOf(this.deps).sends, me.id, M.tooManyMessages);
    const message = this.em.create(Message, {
      conversation: c.id,
      sender: me.id,
      body,
      booking: booking?.id ?? null,
    });
    c.lastMessageAt = message.createdAt;
    if (booking) c.booking = this.em.getReference(Booking, booking.id) as never;
    // Writing in a conversation means having read it up to here.
    await this.markReadUpTo(c, me, message.createdAt);
    await this.em.flush();
    this.deps.bus.publish(MESSAGE_TOPICS.added, {
      messageId: message.id,
      conversationId: c.id,
      senderId: me.id,
      recipientId,
    } satisfies MessageAddedEvent);
    await this.scheduleDigest(recipientId);
    return message;
  }

  /**
   * The recipient's digest: one job per user waiting at a time (the queue's singleton key), due
   * MESSAGE_DIGEST_DELAY_SECONDS after the first message that found none waiting. The message is stored either
   * way: a queue that cannot take the job costs the mail, not the message.
   */
  private async scheduleDigest(userId: string) {
    try {
      await this.deps.jobs.send(
        'messages.digest',
        { userId },
        { startAfterSeconds: this.deps.env.messageDigestDelaySeconds, singletonKey: userId },
      );
    } catch (err) {
      if (this.deps.env.logLevel !== 'silent') console.error('[messages] could not queue the digest:', (err as Error)?.message ?? err);
    }
  }
}
