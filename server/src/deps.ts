import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from './config/env.js';
import type { EventBus } from './graphql/pubsub.js';
import type { Mailer } from './integrations/mail/mailer.js';
import type { Redis } from 'ioredis';
import type { RateLimits } from './modules/common/rate-limits.js';
import type { Stores } from './storage/stores.js';
import type { JobQueue } from './jobs/queue.js';

/** Long-lived collaborators shared by every request; services get them with a per-request EntityManager. */
export interface Deps {
  env: Env;
  orm: MikroORM;
  bus: EventBus;
  /** Queues each mail (jobs/mail.ts): `send` resolves once the mail is stored, a worker delivers it. */
  mailer: Mailer;
  /** The durable job queue (pg-boss on our own database). */
  jobs: JobQueue;
  limits: RateLimits;
  /** The shared Redis client when REDIS_URL is set (rate limits that must hold across instances). */
  redis?: Redis;
  /** Listing pictures and private files (disk or S3, by STORAGE). */
  stores: Stores;
}
