import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { fromRest } from '../../rest/case.js';
import { Role } from '../common/roles.js';
import { bookingDto } from '../bookings/booking.dto.js';
import type { Payment } from './payment.entity.js';
import { payableFrom } from './payment.payable.js';
import { SANDBOX_SESSION_SCRIPT } from '../../integrations/myfatoorah/sandbox-session-script.js';

const paymentDto = (p: Payment) => ({
  id: p.id,
  booking_id: p.booking?.id ?? null,
  service_booking_id: p.serviceBooking?.id ?? null,
  method: p.method,
  gateway: p.gateway,
  status: p.status,
  subtotal: p.subtotal,
  vat: p.vat,
  amount: p.amount,
  currency: p.currency,
  transaction_id: p.transactionId,
  card_brand: p.cardBrand,
  card_last4: p.cardLast4,
  error: p.error,
  invoice_number: p.invoiceNumber === null ? null : String(p.invoiceNumber),
  paid_at: p.paidAt?.toISOString() ?? null,
  created_at: p.createdAt.toISOString(),
});

export function paymentRoutes(isProduction: boolean): Router {
  const r = Router();
  r.post(
    '/payment/validate-user-for-payment',
    route(async (req) => {
      // booking_id, or service_booking_id for a service booking: the same checkout pays either.
      const e = await req.ctx.services.payments.eligibilityOf(requireUser(req), payableFrom(fromRest(req.body)));
      return {
        can_pay: e.canPay,
        reason: e.reason,
        message: e.message,
        booking_id: e.bookingId,
        service_booking_id: e.serviceBookingId,
        resource_title: e.resourceTitle,
        subtotal: e.subtotal,
        vat: e.vat,
        amount: e.amount,
        currency: e.currency,
        payment_method: e.paymentMethod,
        test_mode: e.testMode,
        test_cards: e.testCards,
        direct_card: e.directCard,
      };
    }),
  );
  // Embedded Payment (payment.session.ts): a session for MyFatoorah's card form, then its payment with 3-D Secure.
  r.post(
    '/payment/session',
    route(async (req) => {
      const s = await req.ctx.services.payments.startSession(requireUser(req), fromRest(req.body));
      return { session_id: s.sessionId, country_code: s.countryCode, script_url: s.scriptUrl };
    }),
  );
  r.post(
    '/payment/execute',
    route(async (req) => {
      const x = await req.ctx.services.payments.executeSession(requireUser(req), fromRest(req.body));
      return {
        success: x.success,
        status: x.status,
        payment_url: x.paymentUrl,
        error: x.error,
        booking_id: x.bookingId,
        service_booking_id: x.serviceBookingId,
        payment_id: x.paymentId,
      };
    }),
  );
  r.post(
    '/payment/direct-charge',
    route(async (req) => {
      const c = await req.ctx.services.payments.directCharge(requireUser(req), fromRest(req.body));
      return {
        success: c.success,
        status: c.status,
        transaction_id: c.transactionId,
        booking_id: c.bookingId,
        service_booking_id: c.serviceBookingId,
        payment_id: c.paymentId,
        error: c.error,
      };
    }),
  );
  r.post(
    '/payment/initiate',
    route(async (req) => {
      const target = payableFrom({
        bookingId: req.query.booking_id ?? req.body?.booking_id,
        serviceBookingId: req.query.service_booking_id ?? req.body?.service_booking_id,
      });
      // method: 'mada' (MyFatoorah's MADA method) or 'visa_mastercard' (the default) on the hosted page.
      const method = req.query.method ?? req.body?.method;
      const i = await req.ctx.services.payments.initiate(requireUser(req), target.id, method, target.kind);
      return { success: i.success, payment_url: i.paymentUrl, error: i.error };
    }),
  );
  r.post(
    '/payment/confirm',
    route(async (req) => {
      const user = requireUser(req);
      const target = payableFrom(fromRest(req.body));
      if (target.kind === 'service') {
        const p = await req.ctx.services.payments.confirmReturn(user, target.id, req.body?.payment_id, 'service');
        const s = await req.ctx.services.serviceBookings.get(user, target.id);
        return {
          success: p.status === 'paid',
          status: p.status,
          transaction_id: p.transactionId,
          error: p.error,
          // What the payment changed (GET /api/service-bookings/{id} has the rest).
          service_booking: {
            id: s.id,
            status: s.status,
            payment_status: s.paymentStatus,
            payment_method: s.paymentMethod,
            total_with_vat: s.totalWithVat,
          },
        };
      }
      const p = await req.ctx.services.payments.confirmReturn(user, req.body?.booking_id, req.body?.payment_id);
      const booking = await req.ctx.services.bookings.get(user, req.body?.booking_id);
      return {
        success: p.status === 'paid',
        status: p.status,
        transaction_id: p.transactionId,
        error: p.error,
        booking: bookingDto(booking),
      };
    }),
  );
  r.get(
    '/bookings/:id/payments',
    route(async (req) => (await req.ctx.services.payments.forBooking(requireUser(req), req.params.id)).map(paymentDto)),
  );
  // Admins: payments taken that we owe back (paid after the booking could not be honoured, or paid twice).
  r.get(
    '/admin/payments/refunds',
    route(async (req) => (await req.ctx.services.payments.refundsOwed(requireUser(req, Role.admin))).map(paymentDto)),
  );
  r.post(
    '/payment/webhook',
    route(async (req) => req.ctx.services.payments.webhook(req.body, req.headers['myfatoorah-signature'])),
  );

  // The built-in test gateway's hosted page (drawn by the app at /payment/test-gateway/:id): development and tests
  // only. In production these routes do not exist, so there is nothing to find or call.
  if (!isProduction) {
    // The test gateway's embedded card form: its script (served from our origin) and the card the tester picks in
    // it, recorded by the session id as MyFatoorah's form does (a test card's key, never a number).
    r.get('/payment/sandbox/session.js', (_req, res) => {
      res.type('application/javascript').set('Cache-Control', 'no-cache').send(SANDBOX_SESSION_SCRIPT);
    });
    r.post(
      '/payment/sandbox/session/:sessionId',
      route(async (req) => req.ctx.services.payments.sandboxFillSession(req.params.sessionId, req.body?.card)),
    );
    r.get(
      '/payment/sandbox/pay/:invoiceId',
      route(async (req) => {
        const p = await req.ctx.services.payments.sandboxPage(requireUser(req), req.params.invoiceId, req.query.method);
        return { invoice_id: p.invoiceId, amount: p.amount, status: p.status, method: p.method, challenge: p.challenge, cards: p.cards };
      }),
    );
    r.post(
      '/payment/sandbox/pay/:invoiceId/:action',
      route(async (req) => {
        const a = await req.ctx.services.payments.sandboxAct(
          requireUser(req),
          req.params.invoiceId,
          req.params.action,
          req.query.card ?? req.body?.card,
        );
        return { redirect_url: a.redirectUrl };
      }),
    );
  }
  return r;
}
