import type { Deps } from '../deps.js';
import type { JobQueue } from './queue.js';

/**
 * Asks for the periodic passes — hold expiry and booking status (`bookings.advance`), payment attempts left in flight
 * (`payments.reconcile`), service-booking reminders (`service-bookings.remind`), the hosts' commission invoices of
 * the month just ended (`commission-invoices.issue`: a cheap indexed check once they are issued), and with ZATCA_ENV the e-invoicing pass
 * (`zatca.pass`) — at start, which catches up on whatever fell due while nothing ran, and then every
 * `everyMs` (default a minute); the webhook retention pass (`webhook-events.prune`) at start and hourly. They run as jobs (workers.ts): one at a time across all workers, whichever asked.
 * State lives in the database, so restarts lose nothing. The returned function stops the timer.
 */
export function startBookingScheduler(deps: Deps, jobs: JobQueue, everyMs = 60_000): () => void {
  let stopped = false;
  let pruned = 0;
  const tick = () => {
    // The webhook retention pass (`webhook-events.prune`) at start and then hourly: a day's delay changes nothing.
    if (Date.now() - pruned >= 3_600_000) {
      pruned = Date.now();
      jobs.send('webhook-events.prune', {}).catch((err) => {
        if (!stopped && deps.env.logLevel !== 'silent')
          console.error('[jobs] could not queue webhook-events.prune:', (err as Error)?.message ?? err);
      });
    }
    // zatca.pass only where ZATCA_ENV is set: documents whose wake-up was lost, and ZATCA's answers still owed.
    const passes = [
      'bookings.advance',
      'payments.reconcile',
      'service-bookings.remind',
      'commission-invoices.issue',
      'zatca.pass',
    ] as const;
    for (const name of passes.filter((n) => n !== 'zatca.pass' || deps.env.zatca))
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
