import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../deps.js';
import { advanceBookings } from '../modules/bookings/booking.service.js';
import { reconcileStuckPayments } from '../modules/payments/payment.service.js';

/**
 * Runs advanceBookings every `everyMs` (default a minute). State lives in the database, so restarts lose nothing.
 * The returned stop function waits for a tick in flight, so closing the app never races a running update.
 */
export function startBookingScheduler(deps: Deps, everyMs = 60_000): () => Promise<void> {
  let current: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (current || stopped) return;
    current = advanceBookings(deps.orm.em.fork() as EntityManager, deps)
      // Payment attempts left in flight (a time-out, a crash, a closed browser) are settled with the gateway's word.
      .then(() => reconcileStuckPayments(deps))
      .then(() => undefined)
      .catch((err) => {
        if (!stopped && deps.env.logLevel !== 'silent') console.error('[bookings] scheduled status update failed', err);
      })
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
