import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { unauthenticated } from '../common/errors.js';
import { parse } from '../common/validate.js';
import {
  EMAILED_KINDS,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationReadSchema,
  type NotificationKind,
} from '../../shared/notifications.rules.js';
import type { NotificationParams } from '../../integrations/mail/notification-templates.js';
import type { User } from '../users/user.entity.js';

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  params: NotificationParams;
  link: string;
  readAt: Date | null;
  createdAt: Date;
}

export interface NotificationPage {
  items: NotificationView[];
  total: number;
  page: number;
  pageSize: number;
  unreadCount: number;
}

export interface NotificationPreference {
  kind: string;
  email: boolean;
}

type Row = Record<string, unknown>;

const view = (r: Row): NotificationView => ({
  id: String(r.id),
  kind: r.kind as NotificationKind,
  params: (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as NotificationParams,
  link: String(r.link),
  readAt: r.read_at ? new Date(r.read_at as string) : null,
  createdAt: new Date(r.created_at as string),
});

/**
 * A user's notifications (issue #23; docs/decisions.md, "Notifications"). Only their own are listed or marked: ids
 * of anyone else's are ignored as if they did not exist. Written by the feed (notification.feed.ts), never here.
 */
export class NotificationService {
  constructor(
    private em: EntityManager,
    _deps: Deps, // the services' shared constructor shape
  ) {}

  private q<T = Row>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }

  async unreadCount(user: User): Promise<number> {
    const [{ n }] = await this.q<{ n: number }>(`select count(*)::int as n from notifications where user_id = ? and read_at is null`, [
      user.id,
    ]);
    return n;
  }

  /** Newest first, a page at a time, with how many are unread in all. */
  async list(user: User | null, raw: unknown): Promise<NotificationPage> {
    if (!user) throw unauthenticated();
    const { page, pageSize } = parse(notificationPageSchema, raw);
    const rows = await this.q(
      `select id, kind, params, link, read_at, created_at from notifications where user_id = ?
        order by created_at desc, id desc limit ? offset ?`,
      [user.id, pageSize, (page - 1) * pageSize],
    );
    const [{ n }] = await this.q<{ n: number }>(`select count(*)::int as n from notifications where user_id = ?`, [user.id]);
    return { items: rows.map(view), total: n, page, pageSize, unreadCount: await this.unreadCount(user) };
  }

  /** One of the caller's notifications (for the live event), or null. */
  async one(user: User, id: string): Promise<NotificationView | null> {
    const [r] = await this.q(`select id, kind, params, link, read_at, created_at from notifications where id = ? and user_id = ?`, [
      id,
      user.id,
    ]);
    return r ? view(r) : null;
  }

  /** Marks the given notifications of the caller (or all of them) read; answers how many changed and what is left. */
  async markRead(user: User | null, raw: unknown): Promise<{ updated: number; unreadCount: number }> {
    if (!user) throw unauthenticated();
    const input = parse(notificationReadSchema, raw);
    const rows = input.all
      ? await this.q(`update notifications set read_at = now() where user_id = ? and read_at is null returning id`, [user.id])
      : await this.q(
          `update notifications set read_at = now() where user_id = ? and read_at is null and id = any(?::uuid[]) returning id`,
          [user.id, `{${input.ids!.join(',')}}`],
        );
    return { updated: rows.length, unreadCount: await this.unreadCount(user) };
  }

  /** Mail on or off for each kind the notifications mail themselves (on unless turned off). */
  async preferences(user: User | null): Promise<NotificationPreference[]> {
    if (!user) throw unauthenticated();
    const rows = await this.q<{ kind: string; email: boolean }>(`select kind, email from notification_preferences where user_id = ?`, [
      user.id,
    ]);
    const saved = new Map(rows.map((r) => [r.kind, r.email]));
    return EMAILED_KINDS.map((kind) => ({ kind, email: saved.get(kind) ?? true }));
  }

  /** Saves the kinds given (the others keep theirs); an unknown kind refuses the whole request. */
  async setPreferences(user: User | null, raw: unknown): Promise<NotificationPreference[]> {
    if (!user) throw unauthenticated();
    const input = parse(notificationPreferencesSchema, raw);
    await this.em.transactional(async (tx) => {
      for (const [kind, email] of Object.entries(input.email))
        await tx.getConnection().execute(
          `insert into notification_preferences (user_id, kind, email) values (?, ?, ?)
             on conflict (user_id, kind) do update set email = excluded.email`,
          [user.id, kind, email],
          'run',
          tx.getTransactionContext(),
        );
    });
    return this.preferences(user);
  }
}
