import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';

const BATCH = 5000;

/**
 * The `webhook-events.prune` job: verified MyFatoorah webhooks received more than WEBHOOK_EVENTS_RETENTION_DAYS ago
 * (default 400) are deleted, in batches so one pass never holds a long lock. Answers how many went.
 */
export async function pruneWebhookEvents(deps: Deps, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.env.webhookEventsRetentionDays * 86_400_000);
  const conn = (deps.orm.em.fork() as EntityManager).getConnection();
  let total = 0;
  for (;;) {
    const [{ n }] = await conn.execute<Array<{ n: number }>>(
      `with gone as (
         delete from webhook_events where id in (select id from webhook_events where received_at < ? order by received_at limit ${BATCH})
         returning 1)
       select count(*)::int as n from gone`,
      [cutoff],
    );
    total += n;
    if (n < BATCH) break;
  }
  if (total && deps.env.logLevel !== 'silent')
    console.error(`[finance] deleted ${total} webhook events received before ${cutoff.toISOString()}`);
  return total;
}
