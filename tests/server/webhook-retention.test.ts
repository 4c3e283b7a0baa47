import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { pruneWebhookEvents } from '../../server/src/modules/finance/webhook-retention.js';

/**
 * Retention of verified MyFatoorah webhooks (`webhook_events`, the finance timeline): the durable
 * `webhook-events.prune` job deletes those received more than WEBHOOK_EVENTS_RETENTION_DAYS ago (here 30).
 */
const DAY = 86_400_000;
let t: TestApp;
const sql = <T = any>(q: string, params: unknown[] = []): Promise<T[]> => t.app.orm.em.fork().getConnection().execute(q, params);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function event(reference: string, receivedAt: Date) {
  await sql(`insert into webhook_events (id, event, reference, payment_id, payload, received_at) values (?, ?, ?, ?, ?::jsonb, ?)`, [
    randomUUID(),
    'PAYMENT_STATUS_CHANGED',
    reference,
    `P-${reference}`,
    JSON.stringify({ Invoice: { Id: reference } }),
    receivedAt,
  ]);
}
const references = async () => (await sql(`select reference from webhook_events order by reference`)).map((r) => r.reference);

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_EVENTS_RETENTION_DAYS: '30' });
});
afterAll(async () => {
  await t?.close();
});

describe('webhook retention', () => {
  it('reads the retention from WEBHOOK_EVENTS_RETENTION_DAYS', () => {
    expect(t.app.deps.env.webhookEventsRetentionDays).toBe(30);
  });

  it('deletes, from the queued job, only the webhooks older than the retention', async () => {
    const now = Date.now();
    await event('a-old', new Date(now - 31 * DAY));
    await event('b-older', new Date(now - 400 * DAY));
    await event('c-recent', new Date(now - 29 * DAY));
    await event('d-today', new Date(now));
    await t.app.deps.jobs.send('webhook-events.prune', {});
    let left: string[] = [];
    for (let i = 0; i < 100; i++) {
      left = await references();
      if (left.length === 2) break;
      await sleep(100);
    }
    expect(left).toEqual(['c-recent', 'd-today']);
    // A second pass has nothing to delete; a month later the rest go too.
    expect(await pruneWebhookEvents(t.app.deps)).toBe(0);
    expect(await pruneWebhookEvents(t.app.deps, new Date(now + 31 * DAY))).toBe(2);
    expect(await references()).toEqual([]);
  });
});
