import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import PgBoss from 'pg-boss';
import pg from 'pg';
import type { MailJob } from './mail.js';
import type { NotificationJob } from '../modules/notifications/notification.feed.js';

/**
 * Background work on a durable queue in our own PostgreSQL (pg-boss): a job is stored before `send` resolves, so a
 * crash or restart loses nothing, and it is retried when it fails. The same code runs on the embedded PGlite
 * (through its socket server) and on a real PostgreSQL; see docs/decisions.md, "Background jobs".
 */

/** The queues and what their jobs carry. */
interface JobPayloads {
  /** One outgoing mail, rendered: the worker only talks SMTP. */
  mail: MailJob;
  /** Unpaid holds past their expiry are cancelled; bookings move to active and completed with time. */
  'bookings.advance': Record<string, never>;
  /** Payment attempts left in flight are settled from the gateway's own record. */
  'payments.reconcile': Record<string, never>;
  /** Confirmed service-booking meetings within 24 hours get their one reminder. */
  'service-bookings.remind': Record<string, never>;
  /** One mail of a user's unread messages, sent a few minutes after the first of them unless they were read. */
  'messages.digest': { userId: string };
  /** One recorded refund asked of the gateway (MakeRefund), once. */
  'refunds.request': { refundId: string };
  /** An event's notifications to write (and mail), or a hold's reminder; see modules/notifications/notification.feed.ts. */
  'notifications.create': NotificationJob;
  /** The platform's commission invoices to hosts for each Riyadh month that ended (one per host per month). */
  'commission-invoices.issue': Record<string, never>;
  /** Verified MyFatoorah webhooks older than WEBHOOK_EVENTS_RETENTION_DAYS are deleted. */
  'webhook-events.prune': Record<string, never>;
  /** ZATCA phase 2: sign a document for each new invoice and credit note, then clear or report the pending ones. */
  'zatca.pass': Record<string, never>;
}
type QueueName = keyof JobPayloads;

interface QueueSettings {
  /**
   * stately: at most one job waiting and one running (periodic passes, which are idempotent). short: at most one
   * job waiting per singleton key (one digest per user, however many messages arrive before it runs).
   */
  policy: 'standard' | 'stately' | 'short';
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  /** A running job taking longer is failed (and retried): longer than any single attempt can take. */
  expireInSeconds: number;
  /** Jobs fetched at once; each is completed or failed on its own. */
  batchSize: number;
  /** How often an idle worker looks for jobs (a job sent by this process wakes its worker at once). */
  pollingIntervalSeconds: number;
}

interface JobQueueOptions {
  /** The database the app uses (the embedded one's socket address on PGlite). */
  connectionString: string;
  /** PGlite answers one statement at a time: one connection is all the queue gets. */
  embedded: boolean;
  /** Whether this process runs jobs (maintenance too) or only sends them (web instances with WORKER=off). */
  worker: boolean;
  mailRetry: { limit: number; delaySeconds: number };
  log: (msg: string, err?: unknown) => void;
  /** A job's attempt failed; `final` when it will not be retried (counted in the metrics). */
  onFailure?: (queue: QueueName, final: boolean) => void;
}

interface JobHandler<Q extends QueueName> {
  (data: JobPayloads[Q], job: { id: string; retryCount: number }): Promise<void>;
}

export interface JobQueue {
  /** Every queue the app uses. */
  readonly queues: readonly QueueName[];
  /** Stores a job (durable once this resolves) and wakes this process's worker for it, if it has one. */
  send<Q extends QueueName>(
    queue: Q,
    data: JobPayloads[Q],
    options?: { id?: string; startAfterSeconds?: number; singletonKey?: string },
  ): Promise<void>;
  /** Runs `handler` for each job of the queue in this process; a throw fails that job (retried per its queue). */
  work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>): Promise<void>;
  /** Jobs of the queue not yet done: waiting, to be retried, or in progress. */
  pending(queue: QueueName): Promise<number>;
  /** Stops fetching, waits up to `timeoutMs` for jobs in progress (the rest are failed and retried later). */
  stop(timeoutMs?: number): Promise<void>;
}

const MINUTE = 60;

function settings(opts: JobQueueOptions): Record<QueueName, QueueSettings> {
  return {
    // A single SMTP attempt is bounded by the transport's time-outs (integrations/mail/mailer.ts), well within 10 minutes.
    mail: {
      policy: 'standard',
      retryLimit: opts.mailRetry.limit,
      retryDelay: opts.mailRetry.delaySeconds,
      retryBackoff: true,
      expireInSeconds: 10 * MINUTE,
      batchSize: 5,
      pollingIntervalSeconds: 2,
    },
    // A failed pass is not retried: the next one comes within a minute.
    'bookings.advance': {
      policy: 'stately',
      retryLimit: 0,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: 5 * MINUTE,
      batchSize: 1,
      pollingIntervalSeconds: 10,
    },
    // Up to 50 gateway calls of up to MYFATOORAH_TIMEOUT_MS each.
    'payments.reconcile': {
      policy: 'stately',
      retryLimit: 0,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: 30 * MINUTE,
      batchSize: 1,
      pollingIntervalSeconds: 10,
    },
    // Only queues mail; a failed pass is not retried (the next one comes within a minute, and rows are claimed).
    'service-bookings.remind': {
      policy: 'stately',
      retryLimit: 0,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: 5 * MINUTE,
      batchSize: 1,
      pollingIntervalSeconds: 10,
    },
    // Reads the unread messages and queues one mail; a failed attempt is retried (nothing is marked mailed before).
    'messages.digest': {
      policy: 'short',
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 5 * MINUTE,
      batchSize: 5,
      pollingIntervalSeconds: 2,
    },
    // One MakeRefund call; the refund row is claimed, so a retry never asks twice. Failed attempts are retried with
    // backoff; after the last, the reconciliation pass takes the refund up again.
    'refunds.request': {
      policy: 'standard',
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 5 * MINUTE,
      batchSize: 5,
      pollingIntervalSeconds: 2,
    },
    // One pass at a time (each invoice under a lock too); a failed pass is not retried: the next comes within a minute.
    'commission-invoices.issue': {
      policy: 'stately',
      retryLimit: 0,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: 10 * MINUTE,
      batchSize: 1,
      pollingIntervalSeconds: 10,
    },
    // One pass at a time; a failed pass is not retried: the next comes with the scheduler's next tick.
    'webhook-events.prune': {
      policy: 'stately',
      retryLimit: 0,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: 10 * MINUTE,
      batchSize: 1,
      pollingIntervalSeconds: 10,
    },
    // One pass at a time (the chain is in order); ZATCA unreachable fails it, retried with backoff from 30 s.
    'zatca.pass': {
      policy: 'stately',
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 30 * MINUTE,
      batchSize: 1,
      pollingIntervalSeconds: 10,
    },
    // Writes rows keyed by the job's id (a retry writes nothing twice) and queues mail: retried like the digest.
    'notifications.create': {
      policy: 'standard',
      retryLimit: 3,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 5 * MINUTE,
      batchSize: 10,
      pollingIntervalSeconds: 2,
    },
  };
}

/** "Mawarid?" in ASCII: the advisory lock instances take, one after the other, to create and update the queues. */
const QUEUE_SETUP_LOCK_KEY = '5575869074076427327';

/**
 * pg-boss creates a queue as a partition of its job table (ALTER TABLE … ATTACH PARTITION) without a lock of its
 * own, so two instances creating the queues at once can deadlock each other on PostgreSQL. The lock is held on a
 * connection of its own for the few statements it takes. Embedded PGlite has one process, so no one to race.
 */
const tracer = trace.getTracer('mawarid-jobs');

/**
 * A job's run as a span (with OTEL_EXPORTER_OTLP_ENDPOINT set, observability/tracing.ts), so the SQL it runs is traced
 * under it; without a tracer provider the API's no-op tracer makes this free.
 */
function traced(queue: string, id: string, retryCount: number, run: () => Promise<void>): Promise<void> {
  const attributes = {
    'messaging.system': 'pg-boss',
    'messaging.destination.name': queue,
    'messaging.message.id': id,
    'job.attempt': retryCount + 1,
  };
  return tracer.startActiveSpan(`job ${queue}`, { kind: SpanKind.CONSUMER, attributes }, async (span) => {
    try {
      await run();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
      throw err;
    } finally {
      span.end();
    }
  });
}

async function underQueueSetupLock(opts: JobQueueOptions, work: () => Promise<void>): Promise<void> {
  if (opts.embedded) return work();
  const session = new pg.Client({ connectionString: opts.connectionString, application_name: 'mawarid-queue-setup' });
  await session.connect();
  try {
    await session.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_KEY]);
    await work();
  } finally {
    // Ending the session gives the lock back, whether or not the work succeeded.
    await session.end();
  }
}

export async function startJobQueue(opts: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    application_name: opts.worker ? 'mawarid-worker' : 'mawarid-web',
    max: opts.embedded ? 1 : opts.worker ? 4 : 2,
    // Maintenance (expiring stalled jobs, archiving) belongs to workers; a web-only instance just sends.
    supervise: opts.worker,
    // Our periodic passes are sent by each worker's own timer (workers.ts): they must also run right at start.
    schedule: false,
    // Mail bodies carry sign-in links: finished jobs leave the job table after 15 minutes and the archive a day later.
    archiveCompletedAfterSeconds: 15 * MINUTE,
    deleteAfterHours: 24,
  });
  let lastError = '';
  let lastErrorAt = 0;
  boss.on('error', (err: Error) => {
    // While the database is away every poll fails the same way: one line a minute is enough.
    const msg = err?.message ?? String(err);
    if (msg === lastError && Date.now() - lastErrorAt < 60_000) return;
    lastError = msg;
    lastErrorAt = Date.now();
    opts.log(`[jobs] ${msg}`);
  });
  await boss.start();
  const config = settings(opts);
  await underQueueSetupLock(opts, async () => {
    for (const [name, s] of Object.entries(config) as Array<[QueueName, QueueSettings]>) {
      const queue = {
        name,
        policy: s.policy,
        retryLimit: s.retryLimit,
        retryDelay: s.retryDelay,
        retryBackoff: s.retryBackoff,
        expireInSeconds: s.expireInSeconds,
      };
      await boss.createQueue(name, queue);
      // An existing queue keeps what it was created with: settings changed since (MAIL_RETRY_*) are applied here.
      await boss.updateQueue(name, queue);
    }
  });

  const workers = new Map<QueueName, string>();
  let stopped = false;

  return {
    queues: Object.keys(config) as QueueName[],

    async send(queue, data, options = {}) {
      // pg-boss answers a closed pool with nothing (a TypeError further in): say what happened instead.
      if (stopped) throw new Error(`The job queue has stopped: the ${queue} job was not stored`);
      await boss.send(queue, data as object, {
        ...(options.id ? { id: options.id } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      const worker = workers.get(queue);
      if (worker) boss.notifyWorker(worker);
    },

    async work(queue, handler) {
      const { batchSize, pollingIntervalSeconds } = config[queue];
      const id = await boss.work<JobPayloads[typeof queue]>(
        queue,
        { batchSize, pollingIntervalSeconds, includeMetadata: true },
        async (jobs) => {
          // The jobs of a batch run side by side (a mail waits on the SMTP server's answers, not on this process).
          await Promise.all(
            jobs.map(async (job) => {
              if (stopped) throw new Error('stopping'); // not started: failed by pg-boss and retried later
              try {
                await traced(queue, job.id, job.retryCount, () => handler(job.data, { id: job.id, retryCount: job.retryCount }));
              } catch (err) {
                const last = job.retryCount >= job.retryLimit;
                opts.onFailure?.(queue, last);
                opts.log(
                  `[jobs] ${queue} job ${job.id} failed (attempt ${job.retryCount + 1}${last ? ', giving up' : ', will retry'}): ${(err as Error)?.message ?? err}`,
                );
                await boss.fail(queue, job.id, { message: (err as Error)?.message ?? String(err) });
                return;
              }
              // Completed one by one: a later failure of the batch (time-out, stop) must not fail, and so repeat, a
              // job whose work is done (a mail already sent).
              await boss.complete(queue, job.id);
            }),
          );
          // A full batch: more may be waiting, so fetch again at once rather than after the polling interval.
          if (jobs.length === batchSize) boss.notifyWorker(id);
        },
      );
      workers.set(queue, id);
    },

    async pending(queue) {
      return boss.getQueueSize(queue, { before: 'completed' });
    },

    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
