import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Deps } from '../deps.js';
import { createContext, type Ctx } from '../graphql/context.js';
import { HTTP_STATUS, errorCode, forbidden, unauthenticated } from '../modules/common/errors.js';
import {
  DATABASE_UNAVAILABLE,
  RETRY_AFTER_SECONDS,
  VALUE_NOT_STORABLE,
  isClientDataError,
  isDatabaseUnavailable,
} from '../db/unavailable.js';
import type { Role } from '../modules/common/roles.js';
import { requestIdOf } from '../observability/requests.js';
import { restField } from './case.js';
import { serverMessageKey } from '../shared/server-messages.js';
import { brokenText, brokenTextPath, isBrokenText } from '../modules/common/edge-input.js';

declare module 'express-serve-static-core' {
  interface Request {
    ctx: Ctx;
  }
}

const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Builds the same per-request context the GraphQL resolvers get: EntityManager fork, user, services. */
export function restContext(deps: Deps): RequestHandler {
  return async (req, _res, next) => {
    try {
      req.ctx = await createContext(deps, { authorization: req.headers.authorization, ip: clientIp(req) });
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * The REST door's check of every request's text (modules/common/edge-input.ts), before any route reads it: first
 * the path's segments (before the body parsers, whose own path patterns would decode them), then the query string
 * and the JSON body. A path segment that does not decode is refused the same way.
 */
export const refuseBrokenPath: RequestHandler = (req, _res, next) => {
  for (const segment of req.path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return next(brokenText('path'));
    }
    if (isBrokenText(decoded)) return next(brokenText('path'));
  }
  next();
};

export const refuseBrokenText: RequestHandler = (req, _res, next) => {
  const field = brokenTextPath(req.query) ?? (req.body && typeof req.body === 'object' ? brokenTextPath(req.body) : undefined);
  next(field ? brokenText(field) : undefined);
};

type Handler = (req: Request, res: Response) => Promise<unknown> | unknown;

/** Wraps a handler: the value it returns is sent as JSON (201 for POST creating things is set by the handler). */
export const route =
  (fn: Handler): RequestHandler =>
  async (req, res, next) => {
    try {
      const out = await fn(req, res);
      if (!res.headersSent) res.json(out ?? {});
    } catch (err) {
      next(err);
    }
  };

export function requireUser(req: Request, ...roles: Role[]) {
  const user = req.ctx.user;
  if (!user) throw unauthenticated();
  if (roles.length && !roles.includes(user.role)) throw forbidden();
  return user;
}

/**
 * A file's bytes as the request's body (uploads with a progress bar: no base64, no multipart): read only once the
 * caller is known to be signed in, and refused with `tooLarge` past `limit` bytes without reading further.
 */
export function fileBody(limit: number, tooLarge: () => Error): RequestHandler[] {
  return [
    (req, _res, next) => {
      try {
        requireUser(req);
        next();
      } catch (err) {
        next(err);
      }
    },
    (req, res, next) =>
      express.raw({ type: () => true, limit })(req, res, (err?: unknown) =>
        next((err as { type?: string })?.type === 'entity.too.large' ? tooLarge() : err),
      ),
  ];
}

/**
 * One error handler for /api: typed errors become their status and {"detail": message, "field"?, "message_key"?};
 * `field` is the rule's path, named as the REST body names it (snake_case).
 */
export function restErrorHandler(log: (msg: string, err: unknown) => void) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const code = errorCode(err);
    if (code && err instanceof GraphQLError) {
      const retry = err.extensions?.retryAfter;
      if (typeof retry === 'number') res.setHeader('Retry-After', String(retry));
      const { field, messageKey } = err.extensions ?? {};
      res.status(HTTP_STATUS[code]).json({
        detail: err.message,
        ...(typeof field === 'string' && field ? { field: restField(field) } : {}),
        ...(typeof messageKey === 'string' ? { message_key: messageKey } : {}),
      });
      return;
    }
    const e = err as { type?: string; status?: number };
    if (e?.type === 'entity.parse.failed') return void res.status(400).json({ detail: 'Request body is not valid JSON' });
    if (e?.type === 'entity.too.large') return void res.status(413).json({ detail: 'Request body is too large' });
    if (e?.type && typeof e.status === 'number' && e.status >= 400 && e.status < 500)
      return void res.status(e.status).json({ detail: 'Invalid request body' });
    if (isDatabaseUnavailable(err)) return void sendUnavailable(res);
    if (isClientDataError(err))
      return void res.status(400).json({ detail: VALUE_NOT_STORABLE, message_key: serverMessageKey(VALUE_NOT_STORABLE) });
    // The request's own id: the 500's body, its log line and this error's line share it.
    const requestId = requestIdOf(res) ?? randomUUID();
    log(`[rest] unexpected error ${requestId}`, err);
    res.status(500).json({ detail: 'Internal server error', request_id: requestId });
  };
}

/** The database is unreachable or restarting: 503 with Retry-After, so clients (and load balancers) retry. */
export function sendUnavailable(res: Response) {
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(503).json({ detail: DATABASE_UNAVAILABLE });
}
