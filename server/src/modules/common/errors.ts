import { GraphQLError } from 'graphql';
import { serverMessageKey } from '../../shared/server-messages.js';

export type ErrorCode =
  'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'SERVICE_UNAVAILABLE';

/**
 * Every failure a client can cause is one of these: typed, with a code, never a 500. A message of the shared
 * catalogue (shared/server-messages.json) carries its key (`messageKey`; REST `message_key`), which the client
 * translates; the throw sites keep naming the English text, and this is the one place it is mapped to its key.
 */
export class AppError extends GraphQLError {
  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    const messageKey = serverMessageKey(message);
    super(message, { extensions: { code, ...(messageKey ? { messageKey } : {}), ...extra } });
  }
}

export const badInput = (message: string, extra?: Record<string, unknown>) => new AppError('BAD_USER_INPUT', message, extra);
export const unauthenticated = (message = 'Authentication required') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
/** `extra.field` names the input field the conflict is about (a taken email), so a form shows it there. */
export const conflict = (message: string, extra?: { field: string }) => new AppError('CONFLICT', message, extra);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError('TOO_MANY_REQUESTS', message, retryAfterSeconds ? { retryAfter: retryAfterSeconds } : {});

export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

export function errorCode(err: unknown): ErrorCode | undefined {
  if (err instanceof GraphQLError) {
    const code = err.extensions?.code;
    if (typeof code === 'string' && code in HTTP_STATUS) return code as ErrorCode;
  }
  return undefined;
}
