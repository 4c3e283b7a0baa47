import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startWorkerProcess } from '../support/server-process.js';
import { startJobQueue } from '../../server/src/jobs/queue.js';
import { decodeQuotedPrintable, type ReceivedMail } from '../support/smtp-sink.js';

// Background jobs on the real PostgreSQL: mail survives an SMTP outage and a worker crash, and a web instance
// started with WORKER=off only queues.
if (!process.env.TEST_DATABASE_URL) throw new Error('tests/infra needs TEST_DATABASE_URL (see .ci/run)');

/** The issue asks for a 30 s outage; with the first retry after 1 s (instead of 30 s) 10 s go through the same steps. */
const OUTAGE_MS = 10_000;
const FAST_RETRIES = { MAIL_RETRY_DELAY_SECONDS: '1', REGISTER_MAX_PER_HOUR: '1000' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function sql<T = Record<string, unknown>>(url: string, q: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(q)).rows as T[];
  } finally {
    await c.end();
  }
}
const mailJobs = async (url: string) =>
  Object.fromEntries(
    (
      await sql<{ state: string; n: number }>(url, `select state, count(*)::int as n from pgboss.job where name = 'mail' group by state`)
    ).map((r) => [r.state, r.n]),
  );

const register = (t: TestApp, email: string) =>
  t.api('POST', '/api/auth/register', { email, password: 'Passw0rd!long', full_name: 'Queued Mail', company_name: '' });
const messageId = (m: ReceivedMail) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1];
const mailsTo = (t: TestApp, email: string) => t.smtp.received.filter((m) => m.to.includes(email));

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f().catch(() => undefined);
});

describe('outgoing mail on the job queue', () => {
  it('delivers every mail exactly once after the SMTP server comes back from an outage that began mid-send', async () => {
    const t = await createTestApp(FAST_RETRIES);
    cleanup.push(() => t.close());
    const tag = Date.now().toString(36);
    const before = Array.from({ length: 12 }, (_, i) => `before-${i}-${tag}@example.sa`);
    const during = Array.from({ length: 6 }, (_, i) => `during-${i}-${tag}@example.sa`);

    // Twelve sign-ups at once; the server stops as soon as the first of their mails has arrived.
    const answers = before.map((email) => register(t, email));
    await expect.poll(() => t.smtp.received.length, { timeout: 60_000, interval: 20 }).toBeGreaterThan(0);
    await t.smtp.stop();
    const outageStarted = Date.now();
    for (const res of await Promise.all(answers)) expect(res.status).toBe(201);
    // Sign-ups during the outage answer as usual: the mail waits in the queue, not in the request.
    for (const email of during) {
      const started = Date.now();
      expect((await register(t, email)).status).toBe(201);
      expect(Date.now() - started).toBeLessThan(5000);
    }
    const deliveredBefore = t.smtp.received.length;
    expect(deliveredBefore).toBeLessThan(before.length + during.length);
    // Attempts failed and were put back to be retried later (with backoff), not dropped.
    await expect.poll(async () => (await mailJobs(t.databaseUrl!)).retry ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    // and the operator's metrics count them.
    expect(await t.app.metrics.text()).toMatch(/^jobs_failed_total\{queue="mail",outcome="retry"\} [1-9]\d*$/m);
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - outageStarted)));
    expect(t.smtp.received.length).toBe(deliveredBefore);

    await t.smtp.start();
    const everyone = [...before, ...during];
    await expect
      .poll(() => everyone.filter((e) => mailsTo(t, e).length > 0).length, { timeout: 60_000, interval: 250 })
      .toBe(everyone.length);
    await sleep(3000); // room for a late repeat
    for (const email of everyone) expect(mailsTo(t, email), email).toHaveLength(1);
    const ids = everyone.map((e) => messageId(mailsTo(t, e)[0]));
    expect(new Set(ids).size).toBe(everyone.length);
    await expect.poll(async () => mailJobs(t.databaseUrl!)).toEqual({ completed: everyone.length });
  }, 120_000);

  it('stores the mail of every sign-up answered while the server stops', async () => {
    const t = await createTestApp({ ...FAST_RETRIES, WORKER: 'off' });
    cleanup.push(() => t.close());
    const tag = Date.now().toString(36);
    const emails = Array.from({ length: 6 }, (_, i) => `inflight-${i}-${tag}@example.sa`);
    const answers = emails.map((email) => register(t, email).catch(() => ({ status: 0 })));
    // The stop begins as soon as the first account is stored: the others are still being hashed (argon2) or stored.
    const stored = () =>
      sql<{ n: number }>(t.databaseUrl!, `select count(*)::int as n from users where email like 'inflight-%-${tag}@example.sa'`);
    await expect.poll(async () => (await stored())[0].n, { timeout: 30_000, interval: 10 }).toBeGreaterThan(0);
    await t.app.close();
    const statuses = await Promise.all(answers);
    const answered = emails.filter((_, i) => statuses[i].status === 201);
    expect(answered.length).toBeGreaterThan(0);
    // Each sign-up the server confirmed has its verification mail stored for a worker to send.
    const queued = await sql<{ to: string }>(t.databaseUrl!, `select data->>'to' as to from pgboss.job where name = 'mail'`);
    for (const email of answered) expect(queued.map((q) => q.to)).toContain(email);
  });

  it('keeps a job through a worker crash; a WORKER=off web instance queues but never sends', async () => {
    const web = await createTestApp({ ...FAST_RETRIES, WORKER: 'off' });
    cleanup.push(() => web.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-worker-'));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const workerEnv = {
      DATABASE_URL: web.databaseUrl!,
      SMTP_URL: web.smtp.url,
      DATA_DIR: dataDir,
      APP_URL: 'http://app.test',
      MAIL_RETRY_DELAY_SECONDS: '1',
    };
    const email = `crash-${Date.now().toString(36)}@example.sa`;

    // No worker yet: the mail is stored and waits, however long.
    expect((await register(web, email)).status).toBe(201);
    await sleep(4000);
    expect(mailsTo(web, email)).toHaveLength(0);
    expect(await mailJobs(web.databaseUrl!)).toEqual({ created: 1 });

    // A worker tries while SMTP is down, then crashes.
    await web.smtp.stop();
    const first = await startWorkerProcess(workerEnv);
    cleanup.push(async () => first.proc.kill('SIGKILL'));
    await expect.poll(async () => mailJobs(web.databaseUrl!), { timeout: 15_000 }).toEqual({ retry: 1 });
    first.proc.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // SMTP is back, but only the web instance runs: still nothing is sent.
    await web.smtp.start();
    await sleep(4000);
    expect(mailsTo(web, email)).toHaveLength(0);

    // A new worker delivers it, once, and stops cleanly on SIGTERM.
    const second = await startWorkerProcess(workerEnv);
    cleanup.push(async () => second.proc.kill('SIGKILL'));
    await web.smtp.waitFor(email, undefined, 30_000);
    await sleep(3000);
    expect(mailsTo(web, email)).toHaveLength(1);
    expect(decodeQuotedPrintable(mailsTo(web, email)[0].raw)).toMatch(/verify-email\?token=/);
    await expect.poll(async () => mailJobs(web.databaseUrl!)).toEqual({ completed: 1 });
    second.proc.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});

describe('the queues on a new database', () => {
  it('several processes starting at once all create and update the queues without deadlocking', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    for (let round = 0; round < 3; round++) {
      const name = `jobs_${process.pid}_${round}_${Date.now().toString(36)}`;
      await sql(base, `create database ${name}`);
      const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
      cleanup.push(() => sql(base, `drop database if exists ${name} with (force)`));
      const queues = await Promise.allSettled(
        [0, 1, 2, 3].map(() =>
          startJobQueue({ connectionString: url, embedded: false, worker: false, mailRetry: { limit: 1, delaySeconds: 1 }, log: () => {} }),
        ),
      );
      for (const q of queues) if (q.status === 'fulfilled') cleanup.push(() => q.value.stop(1000));
      expect(queues.map((q) => (q.status === 'rejected' ? String(q.reason) : 'up'))).toEqual(['up', 'up', 'up', 'up']);
      const rows = await sql<{ name: string }>(url, `select name from pgboss.queue order by name`);
      expect(rows.map((r) => r.name)).toEqual([
        'bookings.advance',
        'commission-invoices.issue',
        'mail',
        'messages.digest',
        'notifications.create',
        'payments.reconcile',
        'refunds.request',
        'service-bookings.remind',
        'webhook-events.prune',
        'zatca.pass',
      ]);
    }
  });
});
