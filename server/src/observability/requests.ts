import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';

/**
 * One log line and one histogram observation per HTTP request, whichever way it was answered (the fast paths
 * before Express included). The cost per request is one listener and a few fields on the response; the line is
 * built only when LOG_LEVEL lets info lines through.
 */

const ID = Symbol('requestId');
const START = Symbol('requestStart');
const ROUTE = Symbol('requestRoute');
const OPERATION = Symbol('graphqlOperation');
const USER = Symbol('userId');

interface Observed {
  [ID]?: string;
  [START]?: number;
  [ROUTE]?: string;
  [OPERATION]?: string;
  [USER]?: string;
}

/** On a GraphQL request's context: its response, so the operation resolved inside Apollo reaches the log line. */
const RESPONSE = Symbol('response');

/** An id a client or proxy may hand us: a short token of printable characters that cannot break a log line. */
const SANE_ID = /^[\w.:@/+=-]{1,128}$/;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The request's id (`x-request-id`): the one it came with, if sane, or one made for it. */
export function requestIdOf(res: ServerResponse): string | undefined {
  return (res as Observed)[ID];
}

/** For answers given outside Express (the fast paths): the route pattern and GraphQL operation to report. */
export function markRoute(res: ServerResponse, route: string, operation?: string): void {
  (res as Observed)[ROUTE] = route;
  if (operation) (res as Observed)[OPERATION] = operation;
}

/** A GraphQL request's context was made: who is calling, and where its operation is to be reported. */
export function bindGraphqlContext(ctx: { user: { id: string } | null }, res: ServerResponse): void {
  (res as Observed)[USER] = ctx.user?.id;
  // A property (copied with the context: Apollo hands plugins a shallow copy of it), not a map keyed by it.
  (ctx as { [RESPONSE]?: ServerResponse })[RESPONSE] = res;
}

/** The GraphQL operation a request (by its context) runs, for its log line. */
export function markOperation(ctx: object, operation: string): void {
  const res = (ctx as { [RESPONSE]?: ServerResponse })[RESPONSE];
  if (res) (res as Observed)[OPERATION] = operation;
}

/**
 * The route pattern, never the URL (ids in paths would make a series and a log value per listing): Express's
 * matched route under its mount path, else the mount path (`/graphql`, the `/api` fallbacks), else a class.
 */
function routeOf(req: Request, res: ServerResponse): string {
  const marked = (res as Observed)[ROUTE];
  if (marked) return marked;
  const route = req.route as { path?: unknown } | undefined;
  if (route) return typeof route.path === 'string' ? (req.baseUrl ?? '') + route.path : '(page)';
  if (req.baseUrl) return req.baseUrl;
  return res.statusCode === 404 ? '(unmatched)' : '(other)';
}

export function requestObserver(logger: Logger, metrics: Metrics) {
  const logRequests = logger.isLevelEnabled('info');

  function done(this: ServerResponse) {
    const res = this as ServerResponse & Observed;
    const req = res.req as Request;
    const seconds = (performance.now() - res[START]!) / 1000;
    const route = routeOf(req, res);
    const method = METHODS.has(req.method) ? req.method : 'OTHER';
    const status = res.statusCode;
    metrics.httpDuration.observe({ method, route, status }, seconds);
    if (!logRequests) return;
    logger.info(
      {
        requestId: res[ID],
        method,
        route,
        operation: res[OPERATION],
        userId: res[USER] ?? req.ctx?.user?.id,
        status,
        ms: Math.round(seconds * 10_000) / 10,
        // The client went away before the answer was complete.
        aborted: res.writableFinished ? undefined : true,
      },
      'request',
    );
  }

  /** Called first for every request: gives it its id (echoed as `x-request-id`) and starts its clock. */
  return (req: IncomingMessage, res: ServerResponse): void => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
    const o = res as ServerResponse & Observed;
    o[ID] = id;
    o[START] = performance.now();
    res.setHeader('x-request-id', id);
    res.once('close', done);
  };
}
