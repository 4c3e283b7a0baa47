import express, { Router } from 'express';
import type { Deps } from '../deps.js';
import { refuseBrokenPath, refuseBrokenText, restContext, restErrorHandler, route } from './http.js';
import { authRoutes } from '../modules/auth/auth.rest.js';
import { accountRoutes } from '../modules/account/account.rest.js';
import { paymentRoutes } from '../modules/payments/payment.rest.js';
import { newsletterRoutes } from '../modules/newsletter/newsletter.rest.js';
import { resourceBodyParser, resourceRoutes } from '../modules/resources/resource.rest.js';
import { reviewRoutes } from '../modules/reviews/review.rest.js';
import { favoriteRoutes } from '../modules/favorites/favorite.rest.js';
import { notificationRoutes } from '../modules/notifications/notification.rest.js';
import { availabilityRoutes } from '../modules/availability/availability.rest.js';
import { bookingRoutes } from '../modules/bookings/booking.rest.js';
import { adminRoutes } from '../modules/admin/admin.rest.js';
import { inquiryRoutes } from '../modules/inquiries/inquiry.rest.js';
import { businessServiceRoutes } from '../modules/business-services/business-service.rest.js';
import { assistantRoutes } from '../modules/assistant/assistant.rest.js';
import { invoiceRoutes } from '../modules/invoices/invoice.rest.js';
import { refundRoutes } from '../modules/refunds/refund.rest.js';
import { analyticsRoutes } from '../modules/analytics/analytics.rest.js';
import { serviceBookingRoutes } from '../modules/service-bookings/service-booking.rest.js';
import { serviceBookingScheduleRoutes } from '../modules/service-bookings/service-booking-schedule.rest.js';
import { messageRoutes } from '../modules/messages/message.rest.js';
import { advisorRoutes } from '../modules/service-bookings/advisor.rest.js';
import { payoutBodyParser, payoutRoutes } from '../modules/payouts/payout.rest.js';
import { financeRoutes } from '../modules/finance/finance.rest.js';
import { notFound } from '../modules/common/errors.js';
import { readOutbox } from '../integrations/mail/mailer.js';
import { live, ready } from './health.js';
import { apiDocsRoutes } from './api-docs.js';

/** The REST adapter: every /api path of the spec, calling the same services as the resolvers. */
export function apiRouter(deps: Deps, log: (msg: string, err: unknown) => void): Router {
  const api = Router();
  api.use(refuseBrokenPath);
  api.use(resourceBodyParser); // listing bodies carry images: a larger limit for those routes only
  api.use(payoutBodyParser); // payout documents, likewise
  api.use(express.json({ limit: '1mb' }));
  api.use(refuseBrokenText);

  api.get('/health', async (_req, res) => {
    try {
      await deps.orm.em.getConnection().execute('select 1');
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable', detail: 'Database is not reachable' });
    }
  });
  api.get('/health/live', live);
  api.get('/health/ready', ready(deps));
  api.use(apiDocsRoutes(deps.env));

  if (!deps.env.isProduction && !deps.env.smtpUrl) {
    // Development mail: what would have been sent (README "Reading dev mail").
    api.get(
      '/dev/outbox',
      route(() => readOutbox(deps.env.dataDir).slice(0, 50)),
    );
  }

  api.use(restContext(deps));
  api.use(authRoutes());
  api.use(accountRoutes());
  api.use(newsletterRoutes());
  api.use(resourceRoutes());
  api.use(bookingRoutes());
  api.use(reviewRoutes());
  api.use(favoriteRoutes());
  api.use(notificationRoutes());
  api.use(availabilityRoutes());
  api.use(paymentRoutes(deps.env.isProduction));
  api.use(financeRoutes()); // after paymentRoutes: its /admin/payments/refunds before our /admin/payments/:id
  api.use(invoiceRoutes());
  api.use(refundRoutes());
  api.use(payoutRoutes()); // before adminRoutes: /admin/settings/marketplace
  api.use(adminRoutes());
  api.use(inquiryRoutes());
  api.use(businessServiceRoutes());
  api.use(assistantRoutes(log));
  api.use(analyticsRoutes());
  api.use(serviceBookingRoutes());
  api.use(serviceBookingScheduleRoutes());
  api.use(messageRoutes());
  api.use(advisorRoutes());

  api.use(
    route(() => {
      throw notFound('Not found');
    }),
  );
  api.use(restErrorHandler(log));
  return api;
}
