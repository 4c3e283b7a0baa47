import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { EMAILED_KINDS, NOTIFICATION_LIMITS, type NotificationKind } from '../../shared/notifications.rules.js';
import { notificationEmail, type NotificationParams } from '../../integrations/mail/notification-templates.js';
import { BOOKING_TOPICS, type BookingChangedEvent } from '../bookings/booking.events.js';
import { INQUIRY_TOPICS, type InquiryUpdatedEvent } from '../inquiries/inquiry.events.js';
import { MESSAGE_TOPICS, type MessageAddedEvent } from '../messages/message.events.js';
import { RESOURCE_TOPICS, type ResourceChangedEvent } from '../resources/resource.events.js';
import { REVIEW_TOPICS, type ReviewChangedEvent } from '../reviews/review.events.js';
import { SERVICE_BOOKING_TOPICS, type ServiceBookingEvent } from '../service-bookings/service-booking.events.js';
import { NOTIFICATION_TOPICS, REFUND_TOPIC, type NotificationAddedEvent, type RefundChangedEvent } from './notification.events.js';
import { localeOf } from '../../shared/locale.js';

/** Not a bus topic: the delayed job that reminds a customer of a hold about to expire. */
const HOLD_REMINDER = 'HOLD_REMINDER';

const TOPICS = [
  RESOURCE_TOPICS.resourceChanged,
  BOOKING_TOPICS.bookingChanged,
  MESSAGE_TOPICS.added,
  REVIEW_TOPICS.reviewChanged,
  INQUIRY_TOPICS.updated,
  SERVICE_BOOKING_TOPICS.updated,
  REFUND_TOPIC,
] as const;

export interface NotificationJob {
  topic: string;
  event: Record<string, unknown>;
}

const LISTING_KINDS: Partial<Record<ResourceChangedEvent['kind'], NotificationKind>> = {
  approved: 'listing_approved',
  rejected: 'listing_rejected',
  changes_approved: 'listing_changes_approved',
  changes_rejected: 'listing_changes_rejected',
};
const BOOKING_KINDS = new Set<BookingChangedEvent['kind']>(['created', 'paid', 'cancelled', 'expired', 'refund_due', 'refund']);
const SERVICE_KINDS = new Set<ServiceBookingEvent['kind']>([
  'confirmed',
  'advisor_assigned',
  'rescheduled',
  'completed',
  'cancelled',
  'refund_due',
]);

/** Whether the event can concern anyone (cheap, on the publishing instance): the others queue no job. */
function relevant(topic: string, e: Record<string, unknown>): boolean {
  switch (topic) {
    case RESOURCE_TOPICS.resourceChanged:
      return !!LISTING_KINDS[(e as unknown as ResourceChangedEvent).kind];
    case BOOKING_TOPICS.bookingChanged:
      return BOOKING_KINDS.has((e as unknown as BookingChangedEvent).kind);
    case SERVICE_BOOKING_TOPICS.updated:
      return SERVICE_KINDS.has((e as unknown as ServiceBookingEvent).kind);
    default:
      return true;
  }
}

/**
 * Turns the bus's events into notifications, exactly once however many instances run: each instance listens only to
 * the events published by itself (`onPublishedHere`; every event is published on one instance), and hands each to
 * the durable queue, whose job writes the rows under a key made of the job's id (a retried job writes nothing twice).
 * Returns the function that stops listening.
 */
export function startNotificationFeed(deps: Deps): () => void {
  const stops = TOPICS.map((topic) =>
    deps.bus.onPublishedHere(topic, (event) => {
      const e = event as Record<string, unknown>;
      if (!relevant(topic, e)) return;
      deps.jobs.send('notifications.create', { topic, event: e }).catch((err) => {
        // The change itself is committed; a queue that cannot take the job costs the notification only.
        if (deps.env.logLevel !== 'silent') console.error('[notifications] could not queue:', (err as Error)?.message ?? err);
      });
    }),
  );
  return () => stops.forEach((stop) => stop());
}

interface Draft {
  userId: string;
  kind: NotificationKind;
  params: NotificationParams;
  link: string;
  /** What makes it unique for its user; by default the job and the kind. */
  source?: string;
}

type Row = Record<string, unknown>;

async function one(em: EntityManager, sql: string, params: unknown[]): Promise<Row | undefined> {
  const rows = await em.getConnection().execute<Row[]>(sql, params);
  return rows[0];
}

const str = (v: unknown) => (v == null ? undefined : String(v));

async function bookingRow(em: EntityManager, id: string) {
  return one(
    em,
    `select b.id, b.user_id, b.status, b.payment_status, b.refund_status, b.hold_expires_at, r.id as resource_id, r.title, r.owner_id,
            u.full_name as customer_name
       from bookings b join resources r on r.id = b.resource_id join users u on u.id = b.user_id where b.id = ?`,
    [id],
  );
}

/** The notifications an event makes: who hears it, and what it says. */
async function draftsFor(deps: Deps, em: EntityManager, job: NotificationJob, jobId: string): Promise<Draft[]> {
  const { topic } = job;
  switch (topic) {
    case RESOURCE_TOPICS.resourceChanged: {
      const e = job.event as unknown as ResourceChangedEvent;
      const kind = LISTING_KINDS[e.kind];
      const r = kind && (await one(em, `select title, rejection_reason from resources where id = ?`, [e.resourceId]));
      if (!kind || !r) return [];
      const reason = kind === 'listing_rejected' ? str(r.rejection_reason) : undefined;
      return [{ userId: e.ownerId, kind, params: { resource_title: str(r.title), reason }, link: '/resources/my' }];
    }
    case BOOKING_TOPICS.bookingChanged: {
      const e = job.event as unknown as BookingChangedEvent;
      const b = await bookingRow(em, e.bookingId);
      if (!b) return [];
      const ownerId = String(b.owner_id);
      const customerId = String(b.user_id);
      const params = { resource_title: str(b.title), other_name: str(b.customer_name) };
      const forHost = { userId: ownerId, params, link: '/resources/bookings' };
      const forCustomer = { userId: customerId, params: { resource_title: str(b.title) }, link: '/my-bookings' };
      switch (e.kind) {
        case 'created': {
          await scheduleHoldReminder(deps, b);
          return ownerId === customerId ? [] : [{ ...forHost, kind: 'booking_new' }];
        }
        case 'paid':
          return [
            { ...forHost, kind: 'booking_paid' },
            { ...forCustomer, kind: 'booking_confirmed' },
          ].filter((d) => d.userId === customerId || ownerId !== customerId) as Draft[];
        case 'cancelled': {
          const drafts: Draft[] = [];
          if (e.actorId !== ownerId && ownerId !== customerId) drafts.push({ ...forHost, kind: 'booking_cancelled' });
          if (e.actorId && e.actorId !== customerId) drafts.push({ ...forCustomer, kind: 'booking_cancelled' });
          return drafts;
        }
        case 'expired':
          return [{ ...forCustomer, kind: 'hold_expired' }];
        case 'refund_due':
          return [{ ...forCustomer, kind: 'refund_status', params: { ...forCustomer.params, status: 'refund_due' } }];
        // A cancellation's refund was asked of the gateway, arrived or failed (refunds module).
        case 'refund':
          return b.refund_status && b.refund_status !== 'none'
            ? [{ ...forCustomer, kind: 'refund_status', params: { ...forCustomer.params, status: str(b.refund_status) } }]
            : [];
        default:
          return [];
      }
    }
    case HOLD_REMINDER: {
      const b = await bookingRow(em, String(job.event.bookingId));
      // Paid, cancelled or already expired meanwhile: nothing to remind of.
      if (!b || b.status !== 'pending' || b.payment_status !== 'pending' || !b.hold_expires_at) return [];
      if (new Date(b.hold_expires_at as string).getTime() <= Date.now()) return [];
      return [
        {
          userId: String(b.user_id),
          kind: 'hold_expiring',
          params: { resource_title: str(b.title), expires_at: new Date(b.hold_expires_at as string).toISOString() },
          link: `/payment/${String(b.id)}`,
          source: `hold_expiring:${String(b.id)}`,
        },
      ];
    }
    case MESSAGE_TOPICS.added: {
      const e = job.event as unknown as MessageAddedEvent;
      const m = await one(
        em,
        `select s.full_name, r.title from messages m join users s on s.id = m.sender_id
           join conversations c on c.id = m.conversation_id join resources r on r.id = c.resource_id where m.id = ?`,
        [e.messageId],
      );
      if (!m) return [];
      return [
        {
          userId: e.recipientId,
          kind: 'message_new',
          params: { other_name: str(m.full_name), resource_title: str(m.title) },
          link: `/messages/${e.conversationId}`,
        },
      ];
    }
    case REVIEW_TOPICS.reviewChanged: {
      const e = job.event as unknown as ReviewChangedEvent;
      const r = await one(
        em,
        `select v.rating, r.title, u.full_name from reviews v join resources r on r.id = v.resource_id
           join users u on u.id = v.user_id where v.id = ?`,
        [e.reviewId],
      );
      if (!r) return [];
      const link = `/resources/${e.resourceId}`;
      return e.kind === 'created'
        ? [
            {
              userId: e.ownerId,
              kind: 'review_new',
              params: { resource_title: str(r.title), other_name: str(r.full_name), rating: Number(r.rating) },
              link,
            },
          ]
        : [{ userId: e.customerId, kind: 'review_reply', params: { resource_title: str(r.title) }, link }];
    }
    case INQUIRY_TOPICS.updated: {
      const e = job.event as unknown as InquiryUpdatedEvent;
      const i = await one(em, `select user_id, status from inquiries where id = ?`, [e.inquiryId]);
      // Inquiries sent without an account have no one to notify here (their sender was mailed when it arrived).
      if (!i?.user_id) return [];
      return [{ userId: String(i.user_id), kind: 'inquiry_status', params: { status: str(i.status) }, link: '/dashboard' }];
    }
    case SERVICE_BOOKING_TOPICS.updated: {
      const e = job.event as unknown as ServiceBookingEvent;
      const s = await one(em, `select user_id, status, service_name, service_name_ar from service_bookings where id = ?`, [
        e.serviceBookingId,
      ]);
      if (!s) return [];
      const refund = e.kind === 'refund_due';
      return [
        {
          userId: String(s.user_id),
          kind: refund ? 'refund_status' : 'service_booking_status',
          params: { status: refund ? 'refund_due' : str(s.status), service: str(s.service_name), service_ar: str(s.service_name_ar) },
          link: '/dashboard',
        },
      ];
    }
    case REFUND_TOPIC: {
      const e = job.event as unknown as RefundChangedEvent;
      if (!e.userId || !e.status) return [];
      return [
        {
          userId: String(e.userId),
          kind: 'refund_status',
          params: { status: String(e.status) },
          link: e.serviceBookingId ? '/dashboard' : '/my-bookings',
          source: `${jobId}:refund_status`,
        },
      ];
    }
    default:
      return [];
  }
}

/** The customer of a new hold hears, a few minutes before it lapses, that it is about to. */
async function scheduleHoldReminder(deps: Deps, b: Row) {
  if (b.status !== 'pending' || b.payment_status !== 'pending' || !b.hold_expires_at) return;
  const due = new Date(b.hold_expires_at as string).getTime() - NOTIFICATION_LIMITS.holdReminderMinutes * 60_000;
  const startAfterSeconds = Math.max(1, Math.round((due - Date.now()) / 1000));
  // A retried job may queue a second reminder: its row's source (`hold_expiring:{booking}`) keeps it to one.
  await deps.jobs.send('notifications.create', { topic: HOLD_REMINDER, event: { bookingId: String(b.id) } }, { startAfterSeconds });
}

const EMAILED = new Set<string>(EMAILED_KINDS);

/**
 * The `notifications.create` job: writes the event's notifications (once each: `on conflict do nothing` on the
 * user and source), tells each recipient live, and mails those who want that kind by mail, in their language.
 */
export async function createNotifications(deps: Deps, job: NotificationJob, jobId: string): Promise<number> {
  const em = deps.orm.em.fork() as EntityManager;
  const drafts = await draftsFor(deps, em, job, jobId);
  const conn = em.getConnection();
  let written = 0;
  for (const d of drafts) {
    const rows = await conn.execute<Row[]>(
      `insert into notifications (id, user_id, kind, source, params, link, created_at)
       select gen_random_uuid(), u.id, ?, ?, ?::jsonb, ?, now() from users u where u.id = ? and u.status = 'active'
       on conflict (user_id, source) do nothing
       returning id`,
      [d.kind, d.source ?? `${jobId}:${d.kind}`, JSON.stringify(d.params), d.link, d.userId],
    );
    if (!rows.length) continue;
    written++;
    deps.bus.publish(NOTIFICATION_TOPICS.added, { notificationId: String(rows[0].id), userId: d.userId } satisfies NotificationAddedEvent);
    if (EMAILED.has(d.kind)) await mail(deps, em, d);
  }
  return written;
}

async function mail(deps: Deps, em: EntityManager, d: Draft) {
  const u = await one(
    em,
    `select u.email, u.full_name, u.locale, coalesce(p.email, true) as wants
       from users u left join notification_preferences p on p.user_id = u.id and p.kind = ? where u.id = ?`,
    [d.kind, d.userId],
  );
  if (!u || !u.wants) return;
  await deps.mailer.send(
    notificationEmail({
      to: String(u.email),
      name: String(u.full_name),
      locale: localeOf(u.locale),
      appUrl: deps.env.appUrl,
      kind: d.kind,
      params: d.params,
      link: d.link,
    }),
  );
}
