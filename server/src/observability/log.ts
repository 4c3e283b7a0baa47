import { pino, type DestinationStream, type Logger } from 'pino';
import type { Env } from '../config/env.js';

export type { Logger };

/**
 * Keys whose values never reach a log line, wherever they sit in something logged (an error carrying the request
 * it made, a header map, a body): credentials, session cookies and card data. Compared without case, `-` or `_`.
 */
const SECRET_KEYS = new Set(
  [
    'authorization',
    'proxy-authorization',
    'cookie',
    'set-cookie',
    'password',
    'current_password',
    'new_password',
    'password_hash',
    'token',
    'access_token',
    'refresh_token',
    'id_token',
    'api_key',
    'secret',
    'card',
    'card_number',
    'pan',
    'cvv',
    'cvc',
    'security_code',
    'expiry_month',
    'expiry_year',
    'card_holder_name',
  ].map((k) => normalize(k)),
);

function normalize(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, '');
}

const REDACTED = '[Redacted]';
const MAX_DEPTH = 8;

/** A copy of `value` with every secret key's value replaced (see SECRET_KEYS); other values as they are. */
function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Error) return redact(pino.stdSerializers.err(value), depth);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.has(normalize(k)) ? REDACTED : redact(v, depth + 1);
  return out;
}

/**
 * The process's logger: one JSON object a line on stdout (or `destination`, which tests capture), at LOG_LEVEL.
 * Written asynchronously, so a request never waits on the terminal or the log collector; pino flushes what is
 * left when the process exits.
 *
 * Secrets are taken out by serializers of the keys that can carry them (`err`, `req`, `headers`, `body`, `data`)
 * rather than pino's `redact` paths: those are checked on every line, and with wildcards deep enough for an error's
 * request headers they cost ≈ 80 µs a line, more than the request they describe.
 */
export function createLogger(level: Env['logLevel'], destination?: DestinationStream): Logger {
  const deep = (v: unknown) => redact(v);
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: deep, error: deep, req: deep, res: deep, headers: deep, body: deep, data: deep, config: deep },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** The app's `log(message, err?)`: a failure is logged as an error with the error serialized; anything else as info. */
type LogFn = (msg: string, err?: unknown) => void;

export function logFunction(logger: Logger): LogFn {
  return (msg, err) => (err === undefined ? logger.info(msg) : logger.error({ err }, msg));
}
