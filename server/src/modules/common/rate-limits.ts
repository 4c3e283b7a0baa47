import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors.js';

export interface RateLimits {
  /**
   * Failed logins: per account+IP (the tight limit), per account from any IP (5×: slows a guesser spread over many
   * addresses), and per IP (5×: one address trying many accounts).
   */
  loginByAccount: RateLimiterAbstract;
  loginByEmail: RateLimiterAbstract;
  loginByIp: RateLimiterAbstract;
  /** Registration attempts per IP (each one creates an account and sends a mail when it succeeds). */
  registerByIp: RateLimiterAbstract;
  /** Registrations refused because the address is taken, per IP: caps probing for who has an account. */
  registerTakenByIp: RateLimiterAbstract;
  /** Verification emails per address and per IP. */
  verificationByEmail: RateLimiterAbstract;
  verificationByIp: RateLimiterAbstract;
  /** Password reset emails per address and per IP (each request may send a mail to someone's inbox). */
  passwordResetByEmail: RateLimiterAbstract;
  passwordResetByIp: RateLimiterAbstract;
  /** Requests to change the login email, per account: each one may mail someone's inbox. */
  emailChangeByAccount: RateLimiterAbstract;
}

export function createRateLimits(opts: {
  loginMaxAttempts: number;
  loginWindowSeconds: number;
  registerMaxPerHour: number;
  redis?: Redis;
}): RateLimits {
  const make = (keyPrefix: string, points: number, duration: number) => createLimiter(opts.redis, keyPrefix, points, duration);
  return {
    loginByAccount: make('login_acct', opts.loginMaxAttempts, opts.loginWindowSeconds),
    loginByEmail: make('login_email', opts.loginMaxAttempts * 5, opts.loginWindowSeconds),
    loginByIp: make('login_ip', opts.loginMaxAttempts * 5, opts.loginWindowSeconds),
    registerByIp: make('register_ip', opts.registerMaxPerHour, 3600),
    registerTakenByIp: make('register_taken_ip', 10, 3600),
    verificationByEmail: make('verify_email', 5, 3600),
    verificationByIp: make('verify_ip', 20, 3600),
    passwordResetByEmail: make('reset_email', 5, 3600),
    passwordResetByIp: make('reset_ip', 20, 3600),
    emailChangeByAccount: make('email_change_acct', 5, 3600),
  };
}

/** Consumes one point; throws 429 with the given message when the limit is reached. */
export async function consume(limiter: RateLimiterAbstract, key: string, message: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooManyRequests(message, Math.ceil(err.msBeforeNext / 1000));
    throw err;
  }
}

/** True when the key has no points left (without consuming one). */
export async function isBlocked(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes | null> {
  const res = await limiter.get(key);
  return res && res.remainingPoints <= 0 ? res : null;
}

/** Counts a failed attempt; reaching the limit is reported on the next attempt, not this one. */
export async function recordFailure(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
  }
}

/**
 * One limiter: in Redis when a client is given (shared by every instance), else in process memory. If Redis
 * fails, an in-memory limiter with the same allowance stands in, so a Redis outage neither fails the request nor
 * lifts the limit.
 */
export function createLimiter(redis: Redis | undefined, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  return redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix,
        points,
        duration,
        useRedisPackage: false,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${keyPrefix}_local`, points, duration }),
      })
    : new RateLimiterMemory({ keyPrefix, points, duration });
}
