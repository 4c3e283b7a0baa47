import type { Deps } from '../deps.js';
import type { JobQueue } from './queue.js';

/**
 * Asks for the periodic passes — hold expiry and booking status (`bookings.advance`), payment attempts left in flight
 * (`payments.reconcile`), service-booking reminders (`service-bookings.remind`) — at start, which catches up on whatever fell due while nothing ran, and then every
 * `everyMs` (default a minute). They run as jobs (workers.ts): one at a time across all workers, whichever asked.
 * State lives in the database, so restarts lose nothing. The returned function stops the timer.
 */
export function startBookingScheduler(deps: Deps, jobs: JobQueue, everyMs = 60_000): () => void {
  let stopped = false;
  const tick = () => {
    for (const name of ['bookings.advance', 'payments.reconcile', 'service-bookings.remind'] as const)
      jobs.send(name, {}).catch((err) => {
        if (!stopped && deps.env.logLevel !== 'silent') console.error(`[jobs] could not queue ${name}:`, (err as Error)?.message ?? err);
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
