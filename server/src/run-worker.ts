import { exitOnSignal } from './shutdown.js';
import { createStores } from './storage/stores.js';
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { parseEnv, EnvError, type Env } from './config/env.js';
import type { Deps } from './deps.js';
import { ormConfig } from './db/mikro-orm.config.js';
import { scrubDatabaseErrors } from './db/error-values.js';
import { createEventBus } from './graphql/pubsub.js';
import { connectRedis } from './redis.js';
import { createMailer } from './integrations/mail/mailer.js';
import { createRateLimits } from './modules/common/rate-limits.js';
import { startJobQueue } from './jobs/queue.js';
import { queuedMailer } from './jobs/mail.js';
import { startWorkers } from './jobs/workers.js';
import { startNotificationFeed } from './modules/notifications/notification.feed.js';
import { createLogger } from './observability/log.js';
import { Metrics, metricsListener } from './observability/metrics.js';

/**
 * `npm run worker`: runs the background jobs alone, for web instances started with WORKER=off. Same environment as
 * the web server; DATABASE_URL is required. Events it causes (a hold expired) reach the web instances' subscribers
 * through REDIS_URL.
 */

/** The worker does not migrate (web instances or a migration job do): it waits until the schema is current. */
async function waitForSchema(orm: MikroORM, log: (msg: string) => void) {
  for (let warned = false; ;) {
    const pending = await orm.getMigrator().getPendingMigrations();
    if (!pending.length) return;
    if (!warned) log(`[worker] waiting for ${pending.length} migration(s) to be applied…`);
    warned = true;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function main() {
  const env: Env = parseEnv();
  if (!env.databaseUrl)
    throw new EnvError('The worker needs DATABASE_URL: the embedded database lives inside `npm start`, which runs the jobs itself.');
  const logger = createLogger(env.logLevel);
  const info = (msg: string) => logger.info(msg);
  const metrics = new Metrics();
  const orm = await MikroORM.init(
    ormConfig({ clientUrl: env.databaseUrl, embedded: false, debug: env.logLevel === 'debug', logger: (m) => logger.debug(m) }),
  );
  scrubDatabaseErrors(orm);
  await waitForSchema(orm, info);
  const redis = env.redisUrl ? connectRedis(env.redisUrl, 'rate limits', logger, { maxRetriesPerRequest: 3 }) : undefined;
  const bus = await createEventBus(env.redisUrl, logger);
  const transport = createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, dataDir: env.dataDir });
  const jobs = await startJobQueue({
    connectionString: env.databaseUrl,
    embedded: false,
    worker: true,
    mailRetry: env.mailRetry,
    log: (msg) => logger.error(msg),
    onFailure: (queue, final) => metrics.jobFailures.inc({ queue, outcome: final ? 'gave_up' : 'retry' }),
  });
  metrics.watch(jobs, orm);
  // The worker's own figures (job failures, its pool) on METRICS_PORT; it serves no other port.
  const metricsServer = env.metrics.port
    ? metricsListener(metrics, (err) => logger.error({ err }, '[metrics] collecting failed')).listen(env.metrics.port, env.host)
    : undefined;
  const limits = createRateLimits({
    loginMaxAttempts: env.loginMaxAttempts,
    loginWindowSeconds: env.loginWindowSeconds,
    registerMaxPerHour: env.registerMaxPerHour,
    redis,
  });
  const stores = createStores(env);
  const deps: Deps = { env, orm, bus, mailer: queuedMailer(jobs), limits, redis, stores, jobs };
  const stopWorkers = await startWorkers(deps, jobs, transport);
  // Events this process publishes (a hold expired) become notification jobs here: no web instance hears them as its own.
  const stopNotificationFeed = startNotificationFeed(deps);
  info('Mawarid worker is running: mail, booking holds and status, payment reconciliation.');

  exitOnSignal(
    (signal) => info(`${signal}: finishing jobs in progress and shutting down…`),
    async () => {
      stopWorkers();
      stopNotificationFeed();
      metricsServer?.close();
      await jobs.stop();
      await bus.close();
      await transport.close();
      redis?.disconnect();
      stores.close();
      await orm.close(true);
    },
  );
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
