import { Arg, Authorized, Ctx as Context, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { withAccess } from '../../graphql/live-access.js';
import type { NotificationView } from './notification.service.js';
import { NOTIFICATION_TOPICS, type NotificationAddedEvent } from './notification.events.js';
import { NotificationItem, NotificationPageView, NotificationPreferenceInput, NotificationPreferenceView } from './notification.types.js';

/** The service's view in GraphQL's names (params are snake_case JSON in the database and over REST). */
const item = (n: NotificationView): NotificationItem => ({
  id: n.id,
  kind: n.kind,
  link: n.link,
  readAt: n.readAt,
  createdAt: n.createdAt,
  params: {
    resourceTitle: n.params.resource_title ?? null,
    otherName: n.params.other_name ?? null,
    reason: n.params.reason ?? null,
    rating: n.params.rating ?? null,
    status: n.params.status ?? null,
    service: n.params.service ?? null,
    serviceAr: n.params.service_ar ?? null,
    expiresAt: n.params.expires_at ? new Date(n.params.expires_at) : null,
  },
});

/** Notifications: the same operations as /api/notifications, and the live feed of new ones. */
@Resolver()
export class NotificationResolver {
  @Authorized()
  @Query(() => NotificationPageView, { description: 'My notifications, newest first, with how many are unread' })
  async myNotifications(
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('pageSize', () => Int, { nullable: true }) pageSize: number | null,
    @Context() ctx: Ctx,
  ): Promise<NotificationPageView> {
    const p = await ctx.services.notifications.list(ctx.user, { page, pageSize });
    return { ...p, items: p.items.map(item) };
  }

  @Authorized()
  @Mutation(() => Int, { description: 'Marks the given notifications of mine (or all: true) read; answers how many are left unread' })
  async markNotificationsRead(
    @Arg('ids', () => [ID], { nullable: true }) ids: string[] | null,
    @Arg('all', () => Boolean, { nullable: true }) all: boolean | null,
    @Context() ctx: Ctx,
  ): Promise<number> {
    return (await ctx.services.notifications.markRead(ctx.user, { ids, all })).unreadCount;
  }

  @Authorized()
  @Query(() => [NotificationPreferenceView], { description: 'Mail on or off for each kind of notification that is mailed' })
  notificationPreferences(@Context() ctx: Ctx) {
    return ctx.services.notifications.preferences(ctx.user);
  }

  @Authorized()
  @Mutation(() => [NotificationPreferenceView], { description: 'Turns mail on or off for the kinds given' })
  setNotificationPreferences(@Arg('email', () => [NotificationPreferenceInput]) email: NotificationPreferenceInput[], @Context() ctx: Ctx) {
    return ctx.services.notifications.setPreferences(ctx.user, { email: Object.fromEntries(email.map((p) => [p.kind, p.email])) });
  }

  @Authorized()
  @Subscription(() => NotificationItem, {
    topics: NOTIFICATION_TOPICS.added,
    // Only its recipient, while their account is active (checked against the current role and status).
    filter: ({ payload, context }: { payload: NotificationAddedEvent; context: Ctx }) =>
      withAccess(context.deps, context.user, (who) => !!who && who.id === payload.userId),
    description: 'A new notification of mine',
  })
  async notificationAdded(@Root() payload: NotificationAddedEvent, @Context() ctx: Ctx): Promise<NotificationItem> {
    const n = await ctx.services.notifications.one(ctx.user!, payload.notificationId);
    if (!n) throw new Error('Notification no longer exists');
    return item(n);
  }
}
