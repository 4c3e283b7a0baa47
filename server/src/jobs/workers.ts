import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../deps.js';
import type { Mailer } from '../integrations/mail/mailer.js';
import { advanceBookings } from '../modules/bookings/booking.service.js';
import { reconcileStuckPayments } from '../modules/payments/payment.service.js';
import { sendReviewInvitations } from '../modules/reviews/review.emails.js';
import { sendServiceBookingReminders } from '../modules/service-bookings/service-booking.schedule.js';
import { reconcileRefunds, RefundService } from '../modules/refunds/refund.service.js';
import { sendMessageDigest } from '../modules/messages/message.digest.js';
import { createNotifications } from '../modules/notifications/notification.feed.js';
import { ResourceService } from '../modules/resources/resource.service.js';
import { runZatcaPass } from '../modules/invoices/einvoice.service.js';
import { issueCommissionInvoices } from '../modules/invoices/commission-invoice.service.js';
import { pruneWebhookEvents } from '../modules/finance/webhook-retention.js';
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
    // Bookings that just became reviewable: their customers are invited (one mail each, on the durable queue).
    await sendReviewInvitations(deps);
    // Pictures uploaded for a listing form that was never saved.
    await new ResourceService(deps.orm.em.fork() as EntityManager, deps).removeStaleUploads();
  });
  await queue.work('payments.reconcile', async () => {
    await reconcileStuckPayments(deps);
    // Refunds whose request or webhook was lost are settled from the gateway's own record (GetRefundStatus).
    await reconcileRefunds(deps);
  });
  await queue.work('service-bookings.remind', async () => {
    await sendServiceBookingReminders(deps);
  });
  await queue.work('refunds.request', async ({ refundId }) => {
    await new RefundService(deps.orm.em.fork() as EntityManager, deps).request(refundId);
  });
  await queue.work('messages.digest', async ({ userId }) => {
    await sendMessageDigest(deps, userId);
  });
  await queue.work('notifications.create', async (job, { id }) => {
    await createNotifications(deps, job, id);
  });
  await queue.work('commission-invoices.issue', async () => {
    await issueCommissionInvoices(deps);
  });
  await queue.work('webhook-events.prune', async () => {
    await pruneWebhookEvents(deps);
  });
  await queue.work('zatca.pass', async () => {
    await runZatcaPass(deps);
  });
  return startBookingScheduler(deps, queue);
}
