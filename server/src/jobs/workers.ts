import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../deps.js';
import type { Mailer } from '../integrations/mail/mailer.js';
import { advanceBookings } from '../modules/bookings/booking.service.js';
import { reconcileStuckPayments } from '../modules/payments/payment.service.js';
import { sendServiceBookingReminders } from '../modules/service-bookings/service-booking.schedule.js';
import { startBookingScheduler } from './booking-scheduler.js';
import { mailDelivery } from './mail.js';
import type { JobQueue } from './queue.js';

/**
 * Makes this process a worker: it sends the queued mail and runs the periodic passes, which its booking scheduler
 * asks for. Returns a function that stops the scheduler (the queue's own stop waits for jobs in progress).
 */
export async function startWorkers(deps: Deps, queue: JobQueue, transport: Mailer): Promise<() => void> {
  const domain = new URL(deps.env.appUrl).hostname || 'mawarid.sa';
  await queue.work('mail', mailDelivery(transport, domain));
  await queue.work('bookings.advance', async () => {
    await advanceBookings(deps.orm.em.fork() as EntityManager, deps);
  });
  await queue.work('payments.reconcile', async () => {
    await reconcileStuckPayments(deps);
  });
  await queue.work('service-bookings.remind', async () => {
    await sendServiceBookingReminders(deps);
  });
  return startBookingScheduler(deps, queue);
}
