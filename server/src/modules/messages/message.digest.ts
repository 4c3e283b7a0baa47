import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { messageDigestEmail } from '../../integrations/mail/message-templates.js';
import { User } from '../users/user.entity.js';
import { UserStatus } from '../common/roles.js';

type Row = Record<string, unknown>;

/**
 * The `messages.digest` job: one mail of what `userId` has not read and no earlier digest covered. Nothing unread
 * (they read it in the meantime: the open thread marks each arriving message read, which is what "online" means
 * here) → no mail. The conversations are then marked covered up to their newest mailed message, so a message is
 * mailed at most once; a mail queued but not marked (a crash between the two) may repeat once, never be lost.
 */
export async function sendMessageDigest(deps: Deps, userId: string): Promise<void> {
  const em = deps.orm.em.fork() as EntityManager;
  const user = await em.findOne(User, { id: userId });
  if (!user || user.status !== UserStatus.active) return;
  const conn = em.getConnection();
  const rows = await conn.execute<Row[]>(
    `select m.id, m.body, m.created_at, c.id as conversation_id, r.title as resource_title, s.full_name as sender_name,
            case when c.customer_id = ? then 'customer' else 'host' end as side
       from messages m
       join conversations c on c.id = m.conversation_id
       join resources r on r.id = c.resource_id
       join users s on s.id = m.sender_id
      where m.sender_id <> ?
        and ((c.customer_id = ? and m.created_at > greatest(coalesce(c.customer_last_read_at, '-infinity'::timestamptz),
                                                         coalesce(c.customer_notified_at, '-infinity'::timestamptz)))
          or (c.host_id = ? and m.created_at > greatest(coalesce(c.host_last_read_at, '-infinity'::timestamptz),
                                                     coalesce(c.host_notified_at, '-infinity'::timestamptz))))
      order by m.created_at, m.id`,
    [userId, userId, userId, userId],
  );
  if (!rows.length) return;
  await deps.mailer.send(
    messageDigestEmail({
      to: user.email,
      name: user.fullName,
      locale: user.locale,
      appUrl: deps.env.appUrl,
      messages: rows.map((r) => ({
        conversationId: String(r.conversation_id),
        senderName: String(r.sender_name),
        resourceTitle: String(r.resource_title),
        body: String(r.body),
      })),
    }),
  );
  const covered = new Map<string, { side: string; at: Date }>();
  for (const r of rows) covered.set(String(r.conversation_id), { side: String(r.side), at: new Date(r.created_at as string) });
  for (const [id, { side, at }] of covered) {
    const column = side === 'customer' ? 'customer_notified_at' : 'host_notified_at';
    await conn.execute(`update conversations set ${column} = greatest(coalesce(${column}, '-infinity'::timestamptz), ?) where id = ?`, [
      at,
      id,
    ]);
  }
}
