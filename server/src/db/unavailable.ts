import { AppError } from '../modules/common/errors.js';

/** What a client is told while the database cannot be reached (REST `detail`, GraphQL `message`). */
export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
/** Seconds a client is asked to wait (`Retry-After`) before trying again. */
export const RETRY_AFTER_SECONDS = 5;

// Socket-level failures reaching the database, and PostgreSQL's own "going away / not ready" states:
// 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections, class 08 but
// 08P01 protocol_violation: PostgreSQL's answer to a NUL the driver wrote into a message, a fault of the request.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const PROTOCOL_VIOLATION = '08P01';
const MESSAGES =
  /connection terminated|terminating connection|timeout acquiring a connection|connection is closed|client has encountered a connection error|the database system is (starting up|shutting down|in recovery)/i;

/**
 * True when `err` (or what it wraps) says the database is unreachable or restarting — a condition of the
 * server, not of the request, answered 503 so that clients retry. Everything else keeps its own handling.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as {
    code?: unknown;
    sqlState?: unknown;
    message?: unknown;
    name?: unknown;
    cause?: unknown;
    previous?: unknown;
    originalError?: unknown;
    errors?: unknown;
  };
  const code = typeof e.code === 'string' ? e.code : typeof e.sqlState === 'string' ? e.sqlState : '';
  if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || (code.startsWith('08') && code !== PROTOCOL_VIOLATION)) return true;
  if (e.name === 'KnexTimeoutError' || e.name === 'ConnectionException') return true;
  // The driver's and the pool's own wording for a lost connection (these carry no code).
  if (!code && typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return [e.cause, e.previous, e.originalError].some((x) => x !== err && isDatabaseUnavailable(x, depth + 1));
}

/** The typed error for it: 503 over REST and GraphQL (Apollo reads `extensions.http`). */
export const serviceUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE, { retryAfter: RETRY_AFTER_SECONDS, http: { status: 503 } });

/** What a client is told when the database refused one of its values (REST `detail`, GraphQL `message`). */
export const VALUE_NOT_STORABLE = 'A value in the request cannot be stored. Please check what you entered.';

/**
 * True when PostgreSQL refused a value the request carried: class 22 "data exception" (22021 invalid byte sequence,
 * 22008 datetime out of range, 22003 numeric out of range, …) or 08P01 (a NUL in the message). The rules at the
 * doors refuse these first, with the field; this is the net under them: a 400, never a 500 nor a 503.
 */
export function isClientDataError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; sqlState?: unknown; cause?: unknown; previous?: unknown; originalError?: unknown };
  const code = typeof e.code === 'string' ? e.code : typeof e.sqlState === 'string' ? e.sqlState : '';
  if (/^22[0-9A-Z]{3}$/.test(code) || code === PROTOCOL_VIOLATION) return true;
  return [e.cause, e.previous, e.originalError].some((x) => x !== err && isClientDataError(x, depth + 1));
}
