import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Deps } from '../../deps.js';
import { createLimiter } from '../common/rate-limits.js';

/** A listing's view counts once per viewer in this window. */
const VIEW_WINDOW_SECONDS = 3600;

/**
 * Who has viewed which listing in the last hour: a one-point limiter per (listing, viewer), so the first view
 * passes and the rest of the hour's are refused. In Redis when REDIS_URL is set (every instance sees the same
 * marks; an in-memory stand-in during a Redis outage), else in process memory. One per app (Deps).
 */
const marks = new WeakMap<Deps, RateLimiterAbstract>();

/** The viewer: the account when logged in, else the client address (a user agent is too easy to vary). */
export const viewerKey = (viewer: { userId?: string; ip: string }) => (viewer.userId ? `u:${viewer.userId}` : `ip:${viewer.ip}`);

/** True the first time this viewer views this listing in the window; false after that. */
export async function firstViewInWindow(deps: Deps, resourceId: string, viewer: string): Promise<boolean> {
  let limiter = marks.get(deps);
  if (!limiter) marks.set(deps, (limiter = createLimiter(deps.redis, 'view', 1, VIEW_WINDOW_SECONDS)));
  try {
    await limiter.consume(`${resourceId}|${viewer}`);
    return true;
  } catch (err) {
    if (err instanceof RateLimiterRes) return false;
    throw err;
  }
}
