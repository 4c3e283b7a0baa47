import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createServer, type Server } from 'node:http';
import express from 'express';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { unwrapResolverError } from '@apollo/server/errors';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type ExecutionResult,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
} from 'graphql';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from './config/env.js';
import type { Deps } from './deps.js';
import { startEmbeddedDb, type EmbeddedDb } from './db/embedded.js';
import { ormConfig } from './db/mikro-orm.config.js';
import { scrubDatabaseErrors } from './db/error-values.js';
import { seed } from './db/seeders/seed.js';
import { PendingMigrationsError, underMigrationLock } from './db/migrate.js';
import { createStores } from './storage/stores.js';
import { createEventBus } from './graphql/pubsub.js';
import { connectRedis } from './redis.js';
import { drainHttpServer } from './http-drain.js';
import { buildAppSchema } from './graphql/build-schema.js';
import { LiveHub } from './graphql/live-hub.js';
import { liveAccess } from './graphql/live-access.js';
import { clientAddress, trustProxyOf } from './rest/proxy.js';
import { connectSources, securityHeaders } from './rest/headers.js';
import { fastPublicList } from './modules/resources/resource.rest.js';
import { publicListCache } from './cache/public-list.cache.js';
import { viewCounter } from './modules/resources/view-counter.js';
import { fastPublicQuery, preparsedBody } from './graphql/fast-public-query.js';
import { graphqlExplorer } from './graphql/explorer.js';
import { createContext, authenticate, SERVER_RENDER_HEADER, type Ctx } from './graphql/context.js';
import { createMailer, type Mailer } from './integrations/mail/mailer.js';
import { createRateLimits } from './modules/common/rate-limits.js';
import { badInput, errorCode } from './modules/common/errors.js';
import { apiRouter } from './rest/router.js';
import { sendUnavailable } from './rest/http.js';
import {
  DATABASE_UNAVAILABLE,
  RETRY_AFTER_SECONDS,
  VALUE_NOT_STORABLE,
  isClientDataError,
  isDatabaseUnavailable,
  serviceUnavailable,
} from './db/unavailable.js';
import { operationLimits } from './graphql/limits.js';
import { brokenOperationText, brokenTextPlugin } from './graphql/broken-text.js';
import { brokenText } from './modules/common/edge-input.js';
import { uploadsRouter } from './modules/resources/uploads.rest.js';
import { startJobQueue } from './jobs/queue.js';
import { queuedMailer } from './jobs/mail.js';
import { startWorkers } from './jobs/workers.js';
import { startNotificationFeed } from './modules/notifications/notification.feed.js';
import { ServerRenderer } from './modules/public-pages/server-render.js';
import { pageShellHandler } from './modules/public-pages/page-shell.js';
import { staticAssets } from './modules/public-pages/static-assets.js';
import { legalAliasRedirects } from './modules/public-pages/redirects.js';
import { robotsHandler, sitemapHandler } from './modules/public-pages/sitemap.js';
import { randomUUID } from 'node:crypto';
import { closeSocketsOfInactiveUsers, markSocketUser } from './modules/admin/session-guard.js';
import { createLogger, logFunction, type Logger } from './observability/log.js';
import { Metrics, hasBearer, metricsListener } from './observability/metrics.js';
import { bindGraphqlContext, markRoute, requestIdOf, requestObserver } from './observability/requests.js';
import { graphqlObserver } from './observability/graphql.js';
import type { DestinationStream } from 'pino';

export interface App {
  httpServer: Server;
  orm: MikroORM;
  deps: Deps;
  logger: Logger;
  metrics: Metrics;
  /** The METRICS_PORT listener's base URL once `listen` resolved (undefined without METRICS_PORT). */
  metricsUrl?: string;
  /** Starts listening; resolves with the base URL. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

export interface AppOptions {
  /** Tests: an in-memory embedded database instead of DATA_DIR/pgdata. */
  inMemoryDb?: boolean;
  /** Tests: the in-memory database starts as this migrated copy (tests/support/db-template.ts), not empty. */
  embeddedTemplate?: Blob;
  mailer?: Mailer;
  /** Where the JSON log lines go (tests capture them); default stdout. */
  logDestination?: DestinationStream;
}

const CLIENT_SAFE_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/** GraphQL request bodies and WebSocket messages (listings with large images go through REST, 45 MB). */
const GRAPHQL_BODY_LIMIT_BYTES = 1024 * 1024;

const withoutSuggestions = (message: string) => message.replace(/ ?Did you mean(.+?)\?$/, '');

/** Body parser failures on /graphql, in GraphQL's own error shape (Express would answer an HTML page). */
function graphqlBodyErrors(err: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) {
  const e = err as { type?: string; status?: number };
  if (e?.type === 'entity.too.large')
    return void res.status(413).json({ errors: [{ message: 'Request body is too large', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
  if (e?.type && typeof e.status === 'number' && e.status >= 400 && e.status < 500)
    return void res.status(400).json({
      errors: [
        {
          message: e.type === 'entity.parse.failed' ? 'Request body is not valid JSON' : 'Invalid request body',
          extensions: { code: 'BAD_REQUEST' },
        },
      ],
    });
  next(err);
}

/** A GraphQL answer whose errors include "database unavailable" is sent as 503 with Retry-After. */
const unavailableStatus: ApolloServerPlugin<Ctx> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
        if (errors?.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) {
          response.http.status = 503;
          response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
        }
      },
    };
  },
};

export async function createApp(env: Env, options: AppOptions = {}): Promise<App> {
  const logger = createLogger(env.logLevel, options.logDestination);
  const log = logFunction(logger);
  const metrics = new Metrics();

  /**
   * What a GraphQL client may see of an error (HTTP and WebSocket alike): our typed errors and GraphQL's own
   * request errors as they are; anything else becomes "Internal server error" with an id for the log, so no
   * stack, SQL or driver message ever leaves the server. In production "Did you mean …?" hints are dropped too.
   */
  const maskError = (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (isDatabaseUnavailable(original)) return { message: DATABASE_UNAVAILABLE, extensions: { code: 'SERVICE_UNAVAILABLE' } };
    if (isClientDataError(original)) return { message: VALUE_NOT_STORABLE, extensions: { ...badInput(VALUE_NOT_STORABLE).extensions } };
    if (errorCode(original) || (original instanceof GraphQLError && original.extensions?.code === 'UNAUTHENTICATED')) return formatted;
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && CLIENT_SAFE_CODES.has(code))
      return env.isProduction ? { ...formatted, message: withoutSuggestions(formatted.message) } : formatted;
    const requestId = randomUUID();
    log(`[graphql] unexpected error ${requestId}`, original);
    return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR', requestId } };
  };
  // Introspection is off in production on every transport (graphql-ws runs queries too).
  const wsRules = [...specifiedRules, operationLimits, ...(env.isProduction ? [NoSchemaIntrospectionCustomRule] : [])];

  let embedded: EmbeddedDb | undefined;
  let clientUrl = env.databaseUrl;
  if (!clientUrl) {
    embedded = await startEmbeddedDb(options.inMemoryDb ? undefined : join(env.dataDir, 'pgdata'), options.embeddedTemplate);
    clientUrl = embedded.url;
  }
  const orm = await MikroORM.init(
    ormConfig({ clientUrl, embedded: !!embedded, debug: env.logLevel === 'debug', logger: (m) => logger.debug(m) }),
  );
  scrubDatabaseErrors(orm);
  const stores = createStores(env);
  // Under one advisory lock, so instances started together on an empty database migrate and seed in turn.
  await underMigrationLock(orm, !!embedded, async () => {
    if (env.migrateOnStart) await orm.getMigrator().up();
    else {
      const pending = await orm.getMigrator().getPendingMigrations();
      if (pending.length) throw new PendingMigrationsError(pending.map((m) => m.name));
    }
    await seed(orm.em.fork(), env, stores);
  }).catch(async (err) => {
    stores.close();
    await orm.close(true).catch(() => undefined);
    await embedded?.close().catch(() => undefined);
    throw err;
  });

  const redis = env.redisUrl ? connectRedis(env.redisUrl, 'rate limits', logger, { maxRetriesPerRequest: 3 }) : undefined;
  const bus = await createEventBus(env.redisUrl, logger);
  // Mail goes through the job queue; the transport is what a worker hands it to.
  const transport = options.mailer ?? createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, dataDir: env.dataDir });
  const jobs = await startJobQueue({
    connectionString: clientUrl,
    embedded: !!embedded,
    worker: env.worker,
    mailRetry: env.mailRetry,
    log: (msg) => logger.error(msg),
    onFailure: (queue, final) => metrics.jobFailures.inc({ queue, outcome: final ? 'gave_up' : 'retry' }),
  });
  const limits = createRateLimits({
    loginMaxAttempts: env.loginMaxAttempts,
    loginWindowSeconds: env.loginWindowSeconds,
    registerMaxPerHour: env.registerMaxPerHour,
    redis,
  });
  const deps: Deps = { env, orm, bus, mailer: queuedMailer(jobs), limits, redis, stores, jobs };
  metrics.watch(jobs, orm);
  // Every instance turns the events it publishes itself into notification jobs (web and worker alike).
  const stopNotificationFeed = startNotificationFeed(deps);

  const schema = await buildAppSchema(bus);
  // Errors GraphQL itself produced (no originalError) are about the request; thrown ones go through maskError.
  const maskResult = (result: ExecutionResult): FormattedExecutionResult =>
    result.errors
      ? { ...result, errors: result.errors.map((e) => (e.originalError ? maskError(e.toJSON(), e) : e.toJSON())) }
      : (result as FormattedExecutionResult);
  const liveHub = new LiveHub(schema, bus, maskResult);
  // WORKER=off: this instance queues jobs and a separate `npm run worker` runs them.
  const stopWorkers = env.worker ? await startWorkers(deps, jobs, transport) : () => {};
  const app = express();
  app.disable('x-powered-by');
  // TRUST_PROXY (default loopback): behind a load balancer, its hops must be trusted or every visitor shares the
  // balancer's address (one rate-limit bucket) and https is not seen (no HSTS).
  app.set('trust proxy', env.trustProxy);
  const trust = trustProxyOf(env);
  // The marketplace's first page, remembered and already encoded, goes out without the router (see fastPublicList).
  const fastList = fastPublicList(deps);
  const fastQuery = fastPublicQuery(publicListCache(deps), trust, (res, operationName) => markRoute(res, '/graphql', operationName));
  const observe = requestObserver(logger, metrics);
  const httpServer = createServer((req, res) => {
    observe(req, res);
    if (fastList(req, res)) markRoute(res, '/api/resources');
    else if (!fastQuery(req, res, () => app(req, res))) app(req, res);
  });
  // An idle keep-alive connection is closed by the client or proxy first (nginx and load balancers keep one 60 s,
  // Node's fetch 4 s): when the server closes it at the instant a request is sent on it, that request fails with
  // ECONNRESET (Node's default is 5 s, which busy test runs and proxies kept hitting). Shutdown still closes idle ones.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;

  const connectSrc = connectSources(env.appUrl, env.cspConnectOrigins);
  app.use((req, res, next) => {
    if (!securityHeaders(req, res, env.corsOrigins, req.secure, connectSrc)) next();
  });

  // GraphQL over WebSocket on the same path; the connection authenticates with {authorization: "Bearer …"}.
  // Messages are limited like HTTP bodies (ws would accept 100 MiB by default).
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: GRAPHQL_BODY_LIMIT_BYTES });
  const wsCleanup = useServer<Record<string, unknown>, { ctx?: Ctx }>(
    {
      schema,
      validate: (schema, document) => validate(schema, document, wsRules),
      // The WebSocket door's check of a subscribe message's text, as brokenTextPlugin's over HTTP.
      onSubscribe: (_ctx, _id, payload) => {
        let document;
        try {
          document = parse(payload.query);
        } catch {
          return; // graphql-ws answers the parse error itself
        }
        const field = brokenOperationText(payload.variables, document);
        return field ? [brokenText(field)] : undefined;
      },
      // Subscriptions are fanned out by the live hub: one execution per event and operation, not per subscriber.
      // The hub writes its messages itself, with the same error masking as onNext below.
      subscribe: (args) => liveHub.subscribe(args),
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? maskResult(result) : undefined),
      // Parse and validation errors of a subscribe message.
      onError: (_ctx, _id, _payload, errors) =>
        errors.map((e) => ({ ...e.toJSON(), message: env.isProduction ? withoutSuggestions(e.message) : e.message })),
      onConnect: async (ctx) => {
        try {
          markSocketUser(ctx.extra.socket, await authenticate(orm.em.fork(), deps, ctx.connectionParams?.authorization));
          return true;
        } catch {
          return false;
        }
      },
      context: async (ctx, id) => {
        const c = await createContext(deps, {
          authorization: ctx.connectionParams?.authorization,
          ip: clientAddress(ctx.extra.request, trust),
        });
        // The live filters check the subscriber's current access: loaded now (with the other subscribers who
        // connect meanwhile, in one query), not all at once when the first event arrives.
        if (c.user) liveAccess(deps, c.user).catch(() => undefined);
        return { ...c, live: { socket: ctx.extra.socket, id } };
      },
    },
    wsServer,
  );
  const stopSessionGuard = closeSocketsOfInactiveUsers(wsServer, bus, orm);
  metrics.sources.openSockets = () => wsServer.clients.size;
  metrics.sources.subscriptions = () => liveHub.size;

  const apollo = new ApolloServer<Ctx>({
    schema,
    introspection: !env.isProduction,
    hideSchemaDetailsFromClientErrors: env.isProduction,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    // main.ts stops the whole app on SIGTERM/SIGINT (app.close() stops Apollo among the rest). Apollo's own signal
    // handler, on by default outside NODE_ENV=test, ran alongside it, and the app's close then never finished: every
    // stop ended at main.ts's 15 s limit with exit code 1 (the SIGTERM test now runs the server as production does).
    stopOnTerminationSignals: false,
    validationRules: [operationLimits],
    plugins: [
      drainHttpServer(httpServer),
      // We set no cache hints; the default cache-control plugin would still wrap every field's resolver to compute
      // them (≈ 0.1 ms per 12-listing page).
      ApolloServerPluginCacheControlDisabled(),
      // Apollo's landing page loads Apollo Sandbox from Apollo's CDN, which our CSP refuses; outside production
      // GET /graphql is our own GraphiQL build instead (graphql/explorer.ts).
      ApolloServerPluginLandingPageDisabled(),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await wsCleanup.dispose();
            },
          };
        },
      },
      brokenTextPlugin,
      unavailableStatus,
      graphqlObserver(metrics),
    ],
    formatError: maskError,
  });
  await apollo.start();

  app.use('/api', apiRouter(deps, log));
  app.use('/uploads', uploadsRouter(deps));
  const explorer = env.isProduction ? undefined : graphqlExplorer(join(dirname(env.clientDist), 'dist-explorer'));
  if (explorer) app.use(explorer);
  app.use(
    '/graphql',
    preparsedBody,
    express.json({ limit: GRAPHQL_BODY_LIMIT_BYTES }),
    expressMiddleware(apollo, {
      context: async ({ req, res }) =>
        createContext(deps, {
          authorization: req.headers.authorization,
          ip: req.ip ?? 'unknown',
          serverRender: req.headers[SERVER_RENDER_HEADER] === 'server',
        }).then(
          (ctx) => {
            bindGraphqlContext(ctx, res);
            return ctx;
          },
          (err) => {
            throw isDatabaseUnavailable(err) ? serviceUnavailable() : err;
          },
        ),
    }),
    graphqlBodyErrors,
  );

  // Prometheus metrics on this port only with METRICS_TOKEN; without it (METRICS_PORT only, or neither) a 404, as
  // for any path we do not serve (the page shell would otherwise answer it).
  app.all('/metrics', (req, res) => {
    const token = env.metrics.token;
    if (!token) return void res.status(404).json({ detail: 'Not found' });
    if (!hasBearer(req, token)) return void res.status(401).setHeader('WWW-Authenticate', 'Bearer').json({ detail: 'Unauthorized' });
    void metrics.send(req, res).catch((err) => {
      log('[metrics] collecting failed', err);
      if (!res.headersSent) res.status(500).json({ detail: 'Internal server error' });
    });
  });
  const metricsServer = env.metrics.port ? metricsListener(metrics, (err) => log('[metrics] collecting failed', err)) : undefined;

  // The footer's legal aliases: 301 to the real pages, before the page shell (which would answer 200).
  app.use(legalAliasRedirects());

  // The React client (built by `npm run build`), with client-side routing.
  let renderer: ServerRenderer | undefined;
  if (existsSync(join(env.clientDist, 'index.html'))) {
    renderer = new ServerRenderer(deps, env.clientDist, log);
    app.get('/robots.txt', robotsHandler(env.appUrl));
    app.get('/sitemap.xml', sitemapHandler(deps));
    app.use(...staticAssets(env.clientDist));
    app.get(/^(?!\/(api|graphql)(\/|$)).*/, pageShellHandler(deps, env.clientDist, renderer));
  }

  // Anything no route answered, and any error no route handled: JSON, never Express's HTML page (which shows
  // the stack trace outside production).
  app.use((_req: express.Request, res: express.Response) => void res.status(404).json({ detail: 'Not found' }));
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = (err as { status?: number })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) return void res.status(status).json({ detail: 'Invalid request' });
    if (isDatabaseUnavailable(err) && !res.headersSent) return void sendUnavailable(res);
    // The visitor went away while a file was being sent (a navigation, a closed tab): nothing failed on our side.
    if ((err as { code?: string })?.code === 'ECONNABORTED') return void res.destroy();
    const requestId = requestIdOf(res) ?? randomUUID();
    log(`[http] unexpected error ${requestId}`, err);
    if (res.headersSent) return void res.destroy();
    res.status(500).json({ detail: 'Internal server error', request_id: requestId });
  });

  const listenOn = (server: Server, port: number, host: string) =>
    new Promise<string>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        const addr = server.address();
        const p = typeof addr === 'object' && addr ? addr.port : port;
        resolve(`http://127.0.0.1:${p}`);
      });
    });

  let closed = false;
  const instance: App = {
    httpServer,
    orm,
    deps,
    logger,
    metrics,
    async listen(port = env.port, host = env.host) {
      const url = await listenOn(httpServer, port, host);
      if (metricsServer && env.metrics.port) instance.metricsUrl = await listenOn(metricsServer, env.metrics.port, host);
      return url;
    },
    async close() {
      if (closed) return;
      closed = true;
      stopWorkers();
      stopNotificationFeed();
      // Requests still in flight finish first (Apollo's drain closes the HTTP server): the mail they queue must find
      // the job queue open. Then the queue stops, waiting for the jobs this process is running.
      if (httpServer.listening) await apollo.stop();
      else await wsCleanup.dispose();
      // Views counted by the requests just drained are written before the database connections close.
      await viewCounter(deps).close();
      await jobs.stop();
      stopSessionGuard();
      if (metricsServer?.listening) await new Promise((r) => metricsServer.close(r));
      renderer?.close();
      wsServer.close();
      liveHub.close();
      await bus.close();
      await transport.close();
      redis?.disconnect();
      stores.close();
      await orm.close(true);
      await embedded?.close();
      logger.flush();
    },
  };
  return instance;
}
