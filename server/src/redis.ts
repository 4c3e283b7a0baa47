import { Redis, type RedisOptions } from 'ioredis';

/** Where a Redis client reports that it lost its server and that it has it again. */
export interface RedisLog {
  warn(msg: string): void;
  info(msg: string): void;
}

/**
 * A Redis client that reports an outage once, when it starts, and once when it ends. Without an 'error' listener
 * ioredis prints "Unhandled error event" on stderr at every reconnection attempt, several a second while Redis is
 * away; with one that is silent, nobody hears that live events and rate limits are degraded.
 */
export function connectRedis(url: string, name: string, log: RedisLog, options: RedisOptions = {}): Redis {
  const client = new Redis(url, options);
  let away = false;
  client.on('error', (err: Error) => {
    if (away) return;
    away = true;
    log.warn(`[redis] ${name} lost Redis (${err.message}); reconnecting`);
  });
  client.on('ready', () => {
    if (!away) return;
    away = false;
    log.info(`[redis] ${name} has Redis again`);
  });
  return client;
}
