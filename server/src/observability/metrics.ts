import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * Prometheus metrics (prom-client). Labels are kept to small, known sets: route patterns (`/api/resources/:id`),
 * never URLs; GraphQL operation names that passed validation, capped in number; queue names. A label per id or
 * per client-chosen string would make a new series per value and grow the scrape (and the process) without bound.
 */

/** Process metrics (CPU, memory, event loop, GC) once per process, however many apps a test run starts. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds: most answers take milliseconds; the top buckets are for uploads and exports. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** GraphQL names (spec §2.1.9), short; anything else is not a name a client of ours sends. */
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;
/** Distinct operation names labelled; later new ones are counted as `(other)`. Our client has about a hundred. */
const MAX_OPERATION_NAMES = 300;

/** What the gauges read when Prometheus scrapes: set once the app has built each piece. */
interface MetricSources {
  jobs?: { queues: readonly string[]; pending(queue: never): Promise<number> };
  /** knex's connection pool (tarn). */
  pool?: () => { numUsed(): number; numFree(): number; numPendingAcquires(): number } | undefined;
  openSockets?: () => number;
  subscriptions?: () => number;
}

export class Metrics {
  readonly registry = new Registry();
  readonly sources: MetricSources = {};
  private operationNames = new Set<string>();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, from the first byte read to the last byte written',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly graphqlDuration = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'GraphQL operations over HTTP by operation name and type (query, mutation)',
    labelNames: ['operation', 'type'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly graphqlErrors = new Counter({
    name: 'graphql_operation_errors_total',
    help: 'GraphQL operations answered with at least one error, by operation name and type',
    labelNames: ['operation', 'type'] as const,
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: 'jobs_failed_total',
    help: 'Background job attempts that failed, by queue; outcome "retry" (will be tried again) or "gave_up"',
    labelNames: ['queue', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    const sources = this.sources;
    new Gauge({
      name: 'websocket_connections',
      help: 'Open GraphQL WebSocket connections',
      registers: [this.registry],
      collect() {
        this.set(sources.openSockets?.() ?? 0);
      },
    });
    new Gauge({
      name: 'graphql_subscriptions_active',
      help: 'GraphQL subscriptions being served',
      registers: [this.registry],
      collect() {
        this.set(sources.subscriptions?.() ?? 0);
      },
    });
    new Gauge({
      name: 'jobs_queue_depth',
      help: 'Background jobs not yet done (waiting, to be retried, or running), by queue',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        const jobs = sources.jobs;
        if (!jobs) return;
        const depths = await Promise.all(jobs.queues.map((q) => jobs.pending(q as never).catch(() => undefined)));
        jobs.queues.forEach((queue, i) => {
          if (depths[i] !== undefined) this.set({ queue }, depths[i]);
        });
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections of this process: "used" (lent to a query or transaction), "idle", "pending" (waited for)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const pool = sources.pool?.();
        if (!pool) return;
        this.set({ state: 'used' }, pool.numUsed());
        this.set({ state: 'idle' }, pool.numFree());
        this.set({ state: 'pending' }, pool.numPendingAcquires());
      },
    });
  }

  /** Reads the job queues' depth and the ORM's connection pool (knex's) at each scrape. */
  watch(jobs: NonNullable<MetricSources['jobs']>, orm: MikroORM): void {
    this.sources.jobs = jobs;
    this.sources.pool = () => orm.em.getConnection().getKnex().client.pool;
  }

  /** The label for a GraphQL operation's name (undefined: the operation did not resolve, or had no name). */
  operationLabel(name: string | null | undefined): string {
    if (!name) return '(anonymous)';
    if (this.operationNames.has(name)) return name;
    if (!OPERATION_NAME.test(name)) return '(invalid)';
    if (this.operationNames.size >= MAX_OPERATION_NAMES) return '(other)';
    this.operationNames.add(name);
    return name;
  }

  /** The exposition text: the process's metrics and this app's. */
  async text(): Promise<string> {
    const [process, app] = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return `${process}\n${app}`;
  }

  /** Answers a scrape (GET) with the exposition text; anything else with 405. */
  async send(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json' }).end('{"detail":"Method not allowed"}');
      return;
    }
    const body = await this.text();
    res.writeHead(200, { 'content-type': this.registry.contentType, 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

/** METRICS_PORT's listener: `GET /metrics` without a token, and nothing else. */
export function metricsListener(metrics: Metrics, onError: (err: unknown) => void): Server {
  return createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] !== '/metrics')
      return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found"}');
    metrics.send(req, res).catch((err) => {
      onError(err);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function hasBearer(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !/^bearer /i.test(header)) return false;
  return timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}
