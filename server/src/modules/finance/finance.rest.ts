import { Router } from 'express';
import { route, requireUser } from '../../rest/http.js';
import { fromRest } from '../../rest/case.js';
import { Role } from '../common/roles.js';
import type { FinancePaymentDetail, TimelineEvent } from './finance.service.js';
import type { FinancePayment } from './finance.rows.js';

const sar = (halalas: number | null) => (halalas === null ? null : halalas / 100);
const display = (halalas: number) => (halalas / 100).toFixed(2);

/** A payment as the REST adapter answers it (snake_case; money in halalas, in SAR, and as displayed). */
const paymentDto = (p: FinancePayment) => ({
  id: p.id,
  kind: p.kind,
  booking_id: p.bookingId,
  service_booking_id: p.serviceBookingId,
  title: p.title,
  method: p.method,
  gateway: p.gateway,
  status: p.status,
  currency: p.currency,
  amount_halalas: p.amountHalalas,
  amount: sar(p.amountHalalas),
  amount_display: display(p.amountHalalas),
  subtotal_halalas: p.subtotalHalalas,
  vat_halalas: p.vatHalalas,
  card_brand: p.cardBrand,
  card_last4: p.cardLast4,
  invoice_number: p.invoiceNumber,
  error: p.error,
  created_at: p.createdAt.toISOString(),
  paid_at: p.paidAt?.toISOString() ?? null,
  customer: { id: p.customerId, name: p.customerName, email: p.customerEmail },
  host: p.hostId ? { id: p.hostId, name: p.hostName, email: p.hostEmail } : null,
  refund: {
    id: p.refundId,
    status: p.refundStatus,
    amount_halalas: p.refundAmountHalalas,
    amount: sar(p.refundAmountHalalas),
    reason: p.refundReason,
    error: p.refundError,
    credit_note_number: p.creditNoteNumber,
  },
  split:
    p.commissionHalalas === null
      ? null
      : {
          commission_halalas: p.commissionHalalas,
          vat_on_commission_halalas: p.vatOnCommissionHalalas,
          host_share_halalas: p.hostShareHalalas,
          commission: sar(p.commissionHalalas),
          vat_on_commission: sar(p.vatOnCommissionHalalas),
          host_share: sar(p.hostShareHalalas),
          supplier_code: p.supplierCode,
          settled_at: p.splitSettledAt?.toISOString() ?? null,
        },
});

const eventDto = (e: TimelineEvent) => ({
  at: e.at.toISOString(),
  kind: e.kind,
  amount_halalas: e.amountHalalas,
  amount: sar(e.amountHalalas),
  detail: e.detail,
  actor_email: e.actorEmail,
});

const detailDto = (d: FinancePaymentDetail) => ({ ...paymentDto(d.payment), timeline: d.timeline.map(eventDto) });

/** The finance console's REST routes (admins). Mounted after paymentRoutes, whose /admin/payments/refunds comes first. */
export function financeRoutes(): Router {
  const r = Router();
  r.get(
    '/admin/payments',
    route(async (req) => {
      const page = await req.ctx.services.finance.payments(requireUser(req, Role.admin), fromRest(req.query));
      return { items: page.items.map(paymentDto), total: page.total, page: page.page, page_size: page.pageSize, hosts: page.hosts };
    }),
  );
  r.get(
    '/admin/payments/:id',
    route(async (req) => detailDto(await req.ctx.services.finance.payment(requireUser(req, Role.admin), req.params.id))),
  );
  r.post(
    '/admin/refunds/:id/retry',
    route(async (req) => detailDto(await req.ctx.services.finance.retryRefund(requireUser(req, Role.admin), req.params.id))),
  );
  r.get(
    '/admin/exports/:report.:format',
    route(async (req, res) => {
      const file = await req.ctx.services.finance.export(requireUser(req, Role.admin), req.params.report, req.params.format, req.query);
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(file.body);
    }),
  );
  return r;
}
